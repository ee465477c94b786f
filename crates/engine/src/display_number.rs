//! [`display_number!`](crate::display_number): `Display` for a type players know by number.

/// Implements `Display` for types with a `number()` method (the one-based number players read),
/// written as that number behind an optional prefix: `display_number!(Column)` writes `4`,
/// `display_number!(Zone => "Z")` writes `Z2`.
///
/// ```
/// #[derive(Clone, Copy)]
/// struct Lane(u8);
/// impl Lane {
///     fn number(self) -> u8 {
///         self.0 + 1
///     }
/// }
/// gridwright_engine::display_number!(Lane => "L");
/// assert_eq!(Lane(0).to_string(), "L1");
/// ```
#[macro_export]
macro_rules! display_number {
    ($($name:ident $(=> $prefix:literal)?),+ $(,)?) => {
        $(
            impl ::std::fmt::Display for $name {
                fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                    f.write_str(concat!("" $(, $prefix)?))?;
                    write!(f, "{}", self.number())
                }
            }
        )+
    };
}
