//! Surge and Flux (seed, "Resources: Surge & Flux", "Gaining & Losing Surge and Flux",
//! "Cleanup"; decisions, "Deltas, Surge and Flux").
//!
//! A positive delta gains that much Surge. A negative delta is paid from Flux first, then from
//! Surge; what is still owed is rolled as attack dice against the mech itself. At cleanup all
//! Flux is removed and then all Surge becomes Flux.

use serde::{Deserialize, Serialize};

/// How a delta was settled.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Settlement {
    /// Surge gained (positive delta).
    pub gained: u8,
    /// Flux paid.
    pub flux: u8,
    /// Surge paid.
    pub surge: u8,
    /// What could not be paid: that many attack dice against the mech itself.
    pub unpaid: u8,
}

/// Settles `delta` against a mech's `surge` and `flux`.
pub(crate) fn settle(surge: &mut u8, flux: &mut u8, delta: i16) -> Settlement {
    if delta >= 0 {
        let gained = u8::try_from(delta).unwrap_or(u8::MAX);
        *surge = surge.saturating_add(gained);
        return Settlement {
            gained,
            ..Settlement::default()
        };
    }
    let owed = u8::try_from(delta.unsigned_abs()).unwrap_or(u8::MAX);
    let from_flux = owed.min(*flux);
    *flux -= from_flux;
    let from_surge = (owed - from_flux).min(*surge);
    *surge -= from_surge;
    Settlement {
        gained: 0,
        flux: from_flux,
        surge: from_surge,
        unpaid: owed - from_flux - from_surge,
    }
}

/// Cleanup: remove all Flux, then flip all Surge into Flux.
pub(crate) fn cleanup(surge: &mut u8, flux: &mut u8) {
    *flux = *surge;
    *surge = 0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flux_pays_before_surge() {
        let (mut s, mut f) = (3, 1);
        let r = settle(&mut s, &mut f, -3);
        assert_eq!((r.flux, r.surge, r.unpaid), (1, 2, 0));
        assert_eq!((s, f), (1, 0));
        let r = settle(&mut s, &mut f, -4);
        assert_eq!((r.flux, r.surge, r.unpaid), (0, 1, 3));
        let r = settle(&mut s, &mut f, 2);
        assert_eq!((r.gained, s), (2, 2));
    }
}
