//! [`Ratio`]: an exact, always-reduced rational number on 128-bit integers.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub};
use std::str::FromStr;

/// An exact rational number `num/den`, always reduced, with `den > 0`.
///
/// Every operation is exact or fails: the `checked_*` methods return [`RatioError::Overflow`]
/// when the reduced result does not fit in 128 bits, and the operators (`+ - * /`) panic with the
/// operands in the message. Nothing ever wraps. Dice odds stay far from the limit: a pool of up to
/// 49 six-sided dice fits, because `6^49 < 2^127`.
///
/// Displays as `5/3`, or `2` for an integer. Serializes as that same string (serde), so a JSON
/// odds table reads `"91/216"`, and parses back with [`FromStr`].
///
/// # Examples
/// ```
/// use gridwright_engine::dice::Ratio;
/// let p = Ratio::new(1, 6) + Ratio::new(1, 3);
/// assert_eq!(p, Ratio::new(1, 2));
/// assert_eq!(p.to_string(), "1/2");
/// assert_eq!("4/6".parse::<Ratio>(), Ok(Ratio::new(2, 3)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
#[serde(into = "String", try_from = "String")]
pub struct Ratio {
    num: i128,
    den: i128,
}

/// Why a [`Ratio`] could not be built or computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatioError {
    /// The exact, reduced result does not fit in 128 bits.
    #[error("rational overflow: the exact result does not fit in 128 bits")]
    Overflow,
    /// A zero denominator, or division by zero.
    #[error("division by zero")]
    DivisionByZero,
    /// Text that is not `n` or `n/d`.
    #[error("`{0}` is not a rational (expected `n` or `n/d`)")]
    Parse(String),
}

use RatioError::{DivisionByZero, Overflow};

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One (certainty, as a probability).
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num/den`, reduced.
    ///
    /// # Panics
    /// If `den == 0`, or in the one overflowing case `den == i128::MIN` with `num` odd; use
    /// [`Ratio::try_new`] for untrusted numbers.
    #[track_caller]
    pub fn new(num: i128, den: i128) -> Ratio {
        match Ratio::try_new(num, den) {
            Ok(r) => r,
            Err(e) => panic!("Ratio::new({num}, {den}): {e}"),
        }
    }

    /// `num/den`, reduced.
    ///
    /// # Errors
    /// [`RatioError::DivisionByZero`] if `den == 0`; [`RatioError::Overflow`] if the reduced
    /// denominator is `2^127`.
    pub fn try_new(num: i128, den: i128) -> Result<Ratio, RatioError> {
        if den == 0 {
            return Err(DivisionByZero);
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs());
        let negative = (num < 0) != (den < 0);
        Ratio::from_parts(negative, num.unsigned_abs() / g, den.unsigned_abs() / g)
    }

    /// The integer `n` as a ratio `n/1`.
    pub const fn from_integer(n: i128) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// Numerator (carries the sign).
    pub const fn numer(self) -> i128 {
        self.num
    }

    /// Denominator (always positive).
    pub const fn denom(self) -> i128 {
        self.den
    }

    /// Whether the denominator is 1.
    pub const fn is_integer(self) -> bool {
        self.den == 1
    }

    /// The nearest `f64`, for display and plotting only.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Exact sum.
    ///
    /// # Errors
    /// [`RatioError::Overflow`] if the reduced result does not fit.
    pub fn checked_add(self, rhs: Ratio) -> Result<Ratio, RatioError> {
        // Knuth, TAOCP 4.5.1: work over gcd(b, d) so intermediates stay as small as possible.
        let g = gcd(self.den.unsigned_abs(), rhs.den.unsigned_abs()) as i128;
        let (b, d) = (self.den / g, rhs.den / g);
        let t = (self.num.checked_mul(d))
            .zip(rhs.num.checked_mul(b))
            .and_then(|(x, y)| x.checked_add(y))
            .ok_or(Overflow)?;
        let g2 = gcd(t.unsigned_abs(), g as u128) as i128;
        let den = b.checked_mul(rhs.den / g2).ok_or(Overflow)?;
        Ok(Ratio { num: t / g2, den })
    }

    /// Exact difference.
    ///
    /// # Errors
    /// [`RatioError::Overflow`] if the reduced result does not fit.
    pub fn checked_sub(self, rhs: Ratio) -> Result<Ratio, RatioError> {
        self.checked_add(rhs.checked_neg()?)
    }

    /// Exact product.
    ///
    /// # Errors
    /// [`RatioError::Overflow`] if the reduced result does not fit.
    pub fn checked_mul(self, rhs: Ratio) -> Result<Ratio, RatioError> {
        let (a, b) = (self.num.unsigned_abs(), self.den.unsigned_abs());
        let (c, d) = (rhs.num.unsigned_abs(), rhs.den.unsigned_abs());
        // Cancel crosswise first: the result is then already reduced.
        let (g1, g2) = (gcd(a, d), gcd(c, b));
        let num = (a / g1).checked_mul(c / g2).ok_or(Overflow)?;
        let den = (b / g2).checked_mul(d / g1).ok_or(Overflow)?;
        Ratio::from_parts((self.num < 0) != (rhs.num < 0), num, den)
    }

    /// Exact quotient.
    ///
    /// # Errors
    /// [`RatioError::DivisionByZero`] if `rhs` is zero; [`RatioError::Overflow`] if the reduced
    /// result does not fit.
    pub fn checked_div(self, rhs: Ratio) -> Result<Ratio, RatioError> {
        if rhs.num == 0 {
            return Err(DivisionByZero);
        }
        let recip = Ratio::from_parts(rhs.num < 0, rhs.den.unsigned_abs(), rhs.num.unsigned_abs())?;
        self.checked_mul(recip)
    }

    /// Exact negation.
    ///
    /// # Errors
    /// [`RatioError::Overflow`] for a numerator of `i128::MIN`.
    pub fn checked_neg(self) -> Result<Ratio, RatioError> {
        let num = self.num.checked_neg().ok_or(Overflow)?;
        Ok(Ratio { num, den: self.den })
    }

    /// From coprime magnitudes and a sign.
    fn from_parts(negative: bool, num: u128, den: u128) -> Result<Ratio, RatioError> {
        let den = i128::try_from(den).map_err(|_| Overflow)?;
        let num = if negative {
            0i128.checked_sub_unsigned(num)
        } else {
            i128::try_from(num).ok()
        };
        Ok(Ratio {
            num: num.ok_or(Overflow)?,
            den,
        })
    }
}

/// Binary GCD; `gcd(0, x) == x`.
fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

impl Ord for Ratio {
    /// Exact comparison without cross-multiplying (which could overflow): compare integer parts,
    /// then the reciprocals of the fractional parts, as continued fractions do.
    fn cmp(&self, other: &Ratio) -> Ordering {
        let (mut a, mut b, mut c, mut d) = (self.num, self.den, other.num, other.den);
        let mut flip = false;
        loop {
            let (qa, ra) = (a.div_euclid(b), a.rem_euclid(b));
            let (qc, rc) = (c.div_euclid(d), c.rem_euclid(d));
            let ord = qa.cmp(&qc).then_with(|| (ra != 0).cmp(&(rc != 0)));
            if ord != Ordering::Equal || ra == 0 {
                return if flip { ord.reverse() } else { ord };
            }
            // ra/b < rc/d  <=>  b/ra > d/rc
            (a, b, c, d, flip) = (b, ra, d, rc, !flip);
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

macro_rules! checked_operator {
    ($trait:ident, $method:ident, $checked:ident, $symbol:literal) => {
        impl $trait for Ratio {
            type Output = Ratio;
            /// Panics on overflow (never wraps); use the `checked_` method to handle it.
            #[track_caller]
            fn $method(self, rhs: Ratio) -> Ratio {
                match self.$checked(rhs) {
                    Ok(r) => r,
                    Err(e) => panic!("{self} {} {rhs}: {e}", $symbol),
                }
            }
        }
    };
}

checked_operator!(Add, add, checked_add, "+");
checked_operator!(Sub, sub, checked_sub, "-");
checked_operator!(Mul, mul, checked_mul, "*");
checked_operator!(Div, div, checked_div, "/");

impl Neg for Ratio {
    type Output = Ratio;
    #[track_caller]
    fn neg(self) -> Ratio {
        Ratio::ZERO - self
    }
}

impl AddAssign for Ratio {
    #[track_caller]
    fn add_assign(&mut self, rhs: Ratio) {
        *self = *self + rhs;
    }
}

impl std::iter::Sum for Ratio {
    fn sum<I: Iterator<Item = Ratio>>(iter: I) -> Ratio {
        iter.fold(Ratio::ZERO, |a, b| a + b)
    }
}

impl From<i64> for Ratio {
    fn from(n: i64) -> Ratio {
        Ratio::from_integer(n.into())
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl fmt::Debug for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Ratio {
    type Err = RatioError;
    /// Parses `n` or `n/d` (`d` may be negative; the result is reduced).
    fn from_str(s: &str) -> Result<Ratio, RatioError> {
        let (n, d) = s.split_once('/').unwrap_or((s, "1"));
        let parse = |t: &str| {
            t.parse::<i128>()
                .map_err(|_| RatioError::Parse(s.to_owned()))
        };
        Ratio::try_new(parse(n)?, parse(d)?)
    }
}

impl From<Ratio> for String {
    fn from(r: Ratio) -> String {
        r.to_string()
    }
}

impl TryFrom<String> for Ratio {
    type Error = RatioError;
    fn try_from(s: String) -> Result<Ratio, RatioError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_always_reduced() {
        let r = Ratio::new(6, -4);
        assert_eq!((r.numer(), r.denom()), (-3, 2));
        assert_eq!(Ratio::new(0, -7), Ratio::ZERO);
        assert_eq!(Ratio::new(1, 6) + Ratio::new(1, 3), Ratio::new(1, 2));
        assert_eq!(Ratio::new(1, 2) - Ratio::new(1, 2), Ratio::ZERO);
        assert_eq!(Ratio::ZERO.denom(), 1);
        assert_eq!(Ratio::new(2, 3) * Ratio::new(9, 4), Ratio::new(3, 2));
        assert_eq!(Ratio::new(2, 3) / Ratio::new(-4, 9), Ratio::new(-3, 2));
        assert_eq!(-Ratio::new(5, 3), Ratio::new(-5, 3));
        let sixths: Ratio = (0..6).map(|_| Ratio::new(1, 6)).sum();
        assert_eq!(sixths, Ratio::ONE);
        assert!(sixths.is_integer());
        assert_eq!(Ratio::new(7, 2).to_f64(), 3.5);
    }

    #[test]
    fn overflow_is_an_error_never_a_wrap() {
        let big = Ratio::from_integer(i128::MAX);
        assert_eq!(big.checked_add(Ratio::ONE), Err(Overflow));
        assert_eq!(big.checked_mul(Ratio::from_integer(2)), Err(Overflow));
        assert_eq!(Ratio::from_integer(i128::MIN).checked_neg(), Err(Overflow));
        let tiny = Ratio::new(1, i128::MAX);
        assert_eq!(tiny.checked_mul(Ratio::new(1, 3)), Err(Overflow));
        assert_eq!(tiny.checked_add(Ratio::new(1, 3)), Err(Overflow));
        assert_eq!(Ratio::ONE.checked_div(Ratio::ZERO), Err(DivisionByZero));
        assert_eq!(Ratio::try_new(1, 0), Err(DivisionByZero));
        // Cancelling first keeps results that fit representable.
        assert_eq!(tiny * Ratio::from_integer(i128::MAX), Ratio::ONE);
        assert_eq!(big + -big, Ratio::ZERO);
    }

    #[test]
    #[should_panic(expected = "overflow")]
    fn operators_panic_loudly_on_overflow() {
        let _ = Ratio::from_integer(i128::MAX) + Ratio::ONE;
    }

    #[test]
    fn comparison_is_exact_even_where_cross_products_overflow() {
        assert!(Ratio::new(1, 3) < Ratio::new(1, 2));
        assert!(Ratio::new(-1, 2) < Ratio::new(-1, 3));
        assert!(Ratio::new(-1, 2) < Ratio::ZERO);
        assert!(Ratio::new(7, 2) > Ratio::from_integer(3));
        let m = i128::MAX;
        // 1 + 1/(m-1) < 1 + 1/(m-2)
        assert!(Ratio::new(m, m - 1) < Ratio::new(m - 1, m - 2));
        assert!(Ratio::new(-m, m - 1) > Ratio::new(-(m - 1), m - 2));
        assert_eq!(Ratio::new(3, 9).cmp(&Ratio::new(1, 3)), Ordering::Equal);
    }

    #[test]
    fn text_and_serde_form_is_n_over_d() {
        assert_eq!(Ratio::new(5, 3).to_string(), "5/3");
        assert_eq!(Ratio::new(4, 2).to_string(), "2");
        assert_eq!(Ratio::new(-1, 2).to_string(), "-1/2");
        assert_eq!("-10/4".parse(), Ok(Ratio::new(-5, 2)));
        assert_eq!("3".parse(), Ok(Ratio::from_integer(3)));
        assert_eq!("1/0".parse::<Ratio>(), Err(DivisionByZero));
        assert!(matches!("1/x".parse::<Ratio>(), Err(RatioError::Parse(_))));
        let json = serde_json::to_string(&Ratio::new(91, 216)).unwrap();
        assert_eq!(json, r#""91/216""#);
        assert_eq!(
            serde_json::from_str::<Ratio>(&json).unwrap(),
            Ratio::new(91, 216)
        );
        assert!(serde_json::from_str::<Ratio>(r#""2/0""#).is_err());
    }
}
