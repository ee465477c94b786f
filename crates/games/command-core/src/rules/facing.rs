//! Facing, movement and arcs on the square board (seed, "Moving the Mech"; decisions, "Board,
//! mechs, facing"): icons move the mech relative to its facing, turns rotate it by 45° or 90°,
//! distance is Chebyshev, and arcs are the engine's 90° cones.

use super::Rules;
use crate::config::Icon;
use gridwright_engine::geom::{Arc, Cell, Dir8, Relative, arc_of};

/// What one icon does to a mech's position or facing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Effect {
    /// Move one square in this compass direction.
    Move(Dir8),
    /// Rotate by this many eighths of a turn (negative: anticlockwise).
    Turn(i8),
    /// Nothing moves.
    Hold,
    /// Gain a targeting token.
    Target,
}

/// The effect of `icon` for a mech facing `facing`.
pub(crate) fn effect(icon: Icon, facing: Dir8) -> Effect {
    match icon {
        Icon::Forward => Effect::Move(facing.relative(Relative::Forward)),
        Icon::Back => Effect::Move(facing.relative(Relative::Back)),
        Icon::Left => Effect::Move(facing.relative(Relative::Left)),
        Icon::Right => Effect::Move(facing.relative(Relative::Right)),
        Icon::TurnLeft45 => Effect::Turn(-1),
        Icon::TurnRight45 => Effect::Turn(1),
        Icon::TurnLeft90 => Effect::Turn(-2),
        Icon::TurnRight90 => Effect::Turn(2),
        Icon::Stop => Effect::Hold,
        Icon::Target => Effect::Target,
    }
}

impl Rules {
    /// The square one step from `pos` in `dir`, or `None` off the board.
    #[inline]
    pub fn step(&self, pos: u8, dir: Dir8) -> Option<u8> {
        let (x, y) = self.xy(pos);
        let (dx, dy) = dir.delta();
        let nx = i16::from(x) + dx as i16;
        let ny = i16::from(y) + dy as i16;
        if nx < 0 || ny < 0 || nx >= i16::from(self.width) || ny >= i16::from(self.height) {
            None
        } else {
            Some(self.index(nx as u8, ny as u8))
        }
    }

    /// Chebyshev distance between two squares.
    #[inline]
    pub fn distance(&self, a: u8, b: u8) -> u8 {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        ax.abs_diff(bx).max(ay.abs_diff(by))
    }

    /// The arc of a mech at `from` facing `facing` that square `to` lies in.
    #[inline]
    pub fn arc(&self, from: u8, facing: Dir8, to: u8) -> Option<Arc> {
        arc_of(self.cell(from), facing, self.cell(to))
    }

    /// The engine cell of a square.
    pub fn cell(&self, i: u8) -> Cell {
        let (x, y) = self.xy(i);
        Cell::new(i32::from(x), i32::from(y))
    }

    /// The facing that points most directly from `from` towards `to` (north if equal).
    pub fn toward(&self, from: u8, to: u8) -> Dir8 {
        let (fx, fy) = self.xy(from);
        let (tx, ty) = self.xy(to);
        let dx = i32::from(tx) - i32::from(fx);
        let dy = i32::from(ty) - i32::from(fy);
        // The direction whose unit step has the largest cosine with (dx, dy).
        let mut best = Dir8::N;
        let mut best_score = f64::MIN;
        for d in Dir8::ALL {
            let (ux, uy) = d.delta();
            let len = if d.is_diagonal() { 2f64.sqrt() } else { 1.0 };
            let score = f64::from(ux * dx + uy * dy) / len;
            if score > best_score + 1e-9 {
                best = d;
                best_score = score;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strafing_keeps_the_facing_and_moves_sideways() {
        assert_eq!(effect(Icon::Left, Dir8::N), Effect::Move(Dir8::W));
        assert_eq!(effect(Icon::Right, Dir8::NE), Effect::Move(Dir8::SE));
        assert_eq!(effect(Icon::Back, Dir8::E), Effect::Move(Dir8::W));
        assert_eq!(effect(Icon::TurnLeft45, Dir8::E), Effect::Turn(-1));
    }
}
