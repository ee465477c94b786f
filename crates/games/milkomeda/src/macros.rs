//! Impls several word-named types share, written once.

/// `Display` of `$ty` as its `word()`.
macro_rules! display_word {
    ($ty:ty) => {
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}

/// [`display_word!`], and `parse`: the one of `$ty::ALL` whose `word()` the text is, read
/// case-insensitively.
macro_rules! parse_and_display_word {
    ($ty:ident) => {
        impl $ty {
            #[doc = concat!("Parses [`", stringify!($ty), "::word`] (case-insensitive).")]
            pub fn parse(text: &str) -> Option<$ty> {
                let t = text.trim().to_ascii_lowercase();
                $ty::ALL.into_iter().find(|v| v.word() == t)
            }
        }

        display_word!($ty);
    };
}

/// `TryFrom<u8>` for the newtype `$ty(u8)`, refusing with `$err(v)` a value outside `$range`,
/// and `From<$ty> for u8`.
macro_rules! bounded_u8 {
    ($ty:ident, $err:ident, $range:expr) => {
        impl TryFrom<u8> for $ty {
            type Error = $err;
            fn try_from(v: u8) -> Result<Self, Self::Error> {
                if ($range).contains(&v) {
                    Ok($ty(v))
                } else {
                    Err($err(v))
                }
            }
        }

        impl From<$ty> for u8 {
            fn from(p: $ty) -> u8 {
                p.0
            }
        }
    };
}

/// A content id: the newtype `$ty(u8)`, the index of a card in the config's `$list` (serialized
/// as the bare number, so replays and observations read as before).
macro_rules! content_id {
    ($(#[$doc:meta])* $ty:ident, $list:literal) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, serde::Serialize,
            serde::Deserialize,
        )]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
        #[serde(transparent)]
        pub struct $ty(pub u8);

        impl $ty {
            #[doc = concat!("The index in the config's `", $list, "`.")]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}
