//! Conversions several types share, written once.

/// `TryFrom<String>` through `FromStr` and `From<$ty> for String` through `Display`: how serde
/// reads and writes `$ty` as its text (`#[serde(try_from = "String", into = "String")]`).
macro_rules! string_conversions {
    ($ty:ty, $err:ty) => {
        impl TryFrom<String> for $ty {
            type Error = $err;
            fn try_from(s: String) -> Result<$ty, $err> {
                s.parse()
            }
        }

        impl From<$ty> for String {
            fn from(v: $ty) -> String {
                v.to_string()
            }
        }
    };
}

/// `FromIterator<$item>` for the bit set `$set` (which has `EMPTY`, `with` and `iter`), and
/// the conversions from and to `Vec<$item>` serde writes it as.
macro_rules! set_conversions {
    ($set:ty, $item:ty) => {
        impl FromIterator<$item> for $set {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> $set {
                iter.into_iter().fold(<$set>::EMPTY, <$set>::with)
            }
        }

        impl From<Vec<$item>> for $set {
            fn from(v: Vec<$item>) -> $set {
                v.into_iter().collect()
            }
        }

        impl From<$set> for Vec<$item> {
            fn from(s: $set) -> Vec<$item> {
                s.iter().collect()
            }
        }
    };
}
