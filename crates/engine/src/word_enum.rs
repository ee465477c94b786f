//! [`word_enum!`](crate::word_enum): an enum whose values players read and type as words.

/// Declares an enum whose values are written and parsed as words in player-facing text, with
/// `ALL` (every value, in declaration order), `const fn word(self)`, `parse(text)` (the value
/// whose word the text is, case-insensitive, surrounding white space ignored) and `Display`
/// (the word). The enum must derive `Clone` and `Copy`.
///
/// ```
/// gridwright_engine::word_enum! {
///     /// A core action.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum CoreAction {
///         /// Turn a sector face up.
///         Explore => "explore",
///         /// Move fleets.
///         Move => "move",
///     }
/// }
/// assert_eq!(CoreAction::ALL, [CoreAction::Explore, CoreAction::Move]);
/// assert_eq!(CoreAction::parse(" Move "), Some(CoreAction::Move));
/// assert_eq!(CoreAction::parse("moves"), None);
/// assert_eq!(CoreAction::Explore.to_string(), "explore");
/// ```
#[macro_export]
macro_rules! word_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident => $word:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$($word),+].len()] = [$($name::$variant),+];

            /// The word players read and type for this value.
            pub const fn word(self) -> &'static str {
                match self {
                    $( $name::$variant => $word ),+
                }
            }

            /// The value whose word `text` is (case-insensitive, surrounding white space
            /// ignored).
            pub fn parse(text: &str) -> Option<$name> {
                let text = text.trim();
                $name::ALL
                    .into_iter()
                    .find(|v| v.word().eq_ignore_ascii_case(text))
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}
