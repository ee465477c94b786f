//! Sector control (rulebook glossary "Controlled Sector", §8.B "Arrival & Control").
//!
//! A sector is controlled by the seat with the most fleets in it. On a tie for the most, the
//! seat that controlled it before the move or attack that caused the tie keeps it if it is one
//! of the tied seats; otherwise nobody controls it. The mutual-destruction exception of
//! §9.A step 11 lives in [`super::combat::control_after_combat`].

use gridwright_engine::{PerSeat, Seat};

/// The controller of a sector holding `fleets[seat]` fleets of each seat, given the controller
/// `previous` before the move or attack just resolved.
///
/// When no seat has a fleet, every seat is tied at zero, so the previous controller keeps the
/// sector: leaving a sector empty does not give it up (our reading; see
/// docs/rules/milkomeda.md).
pub fn controller(fleets: &PerSeat<u8>, previous: Option<Seat>) -> Option<Seat> {
    let most = fleets.iter().map(|(_, n)| *n).max()?;
    let mut tied = fleets.iter().filter(|(_, n)| **n == most).map(|(s, _)| s);
    let first = tied.next()?;
    if tied.next().is_none() {
        return Some(first);
    }
    previous.filter(|p| fleets.get(*p) == Some(&most))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: u8) -> Seat {
        Seat::new(i)
    }

    fn counts(v: &[u8]) -> PerSeat<u8> {
        PerSeat::from(v.to_vec())
    }

    #[test]
    fn the_seat_with_most_fleets_controls() {
        assert_eq!(controller(&counts(&[1, 3, 2]), None), Some(p(1)));
        assert_eq!(controller(&counts(&[1, 3, 2]), Some(p(0))), Some(p(1)));
    }

    #[test]
    fn a_tie_keeps_the_previous_controller_if_it_is_tied() {
        assert_eq!(controller(&counts(&[2, 2, 0, 1]), Some(p(1))), Some(p(1)));
    }

    #[test]
    fn a_tie_without_the_previous_controller_leaves_the_sector_uncontrolled() {
        assert_eq!(controller(&counts(&[2, 2, 3, 3]), Some(p(0))), None);
        assert_eq!(controller(&counts(&[2, 2]), None), None);
    }

    #[test]
    fn an_empty_sector_stays_with_its_controller() {
        assert_eq!(controller(&counts(&[0, 0, 0]), Some(p(2))), Some(p(2)));
        assert_eq!(controller(&counts(&[0, 0]), None), None);
    }
}
