//! Dice: faces as multisets of symbols, and exact outcome distributions.
//!
//! A [`Die`] is a list of [`Face`]s, and a face is a multiset of [`Symbol`]s: two swords and a
//! bonus, one shield, or nothing at all. Games name their symbols in content files ([`DieDef`]).
//! A [`SymbolTable`] turns those names into small ids, so rolling a die ([`Die::roll`]) and
//! reading a face ([`Face::count`]) never allocate.
//!
//! Odds are exact distributions ([`Dist`] of [`Ratio`]), computed, never sampled:
//! - [`Die::dist`]: any scoring function over one die;
//! - [`pool`]: the total score of several dice;
//! - [`pool_counts`]: the joint counts of several symbols at once (crits *and* hits);
//! - [`contest`]: attack against defence, or any function of two independent outcomes;
//! - [`Dist::from_weights`]: any chance node with integer weights.
//!
//! ```
//! use gridwright_engine::dice::{Die, DieDef, Ratio, SymbolTable, pool};
//! let def: DieDef = serde_json::from_str(r#"{ "name": "red", "faces":
//!     [["bonus"], ["sword"], ["sword", "sword"], ["sword", "sword", "bonus"],
//!      ["sword", "sword", "sword"], ["sword", "sword", "sword", "sword"]] }"#)?;
//! let mut symbols = SymbolTable::new();
//! let red = Die::from_def(&def, &mut symbols)?;
//! let sword = symbols.get("sword").ok_or("no sword")?;
//!
//! let swords = red.dist(|face| face.count(sword));
//! assert_eq!(swords.expected(), Ratio::from_integer(2));
//! assert_eq!(swords.cumulative_at_least(&3).to_string(), "1/3");
//! let three = pool(&[&red; 3], |face| face.count(sword).into());
//! assert_eq!(three.expected(), Ratio::from_integer(6));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Why exact rationals?
//! Designers read and compare odds as fractions: "91/216 to crit at least once". Sampling gives
//! `0.42` with noise that hides small balance changes. Floating point gives
//! `0.42129629629629628`, and two routes to the same odds can differ in the last bit. A
//! [`Ratio`] *is* the odds, so rule tests compare with `==` against hand-computed values, every
//! distribution sums to exactly one, and agents that plan on expectations get the same numbers on
//! every machine. Pools are built die by die (convolution), so `n` dice cost `n` small products,
//! not `6^n` enumerated rolls.
//!
//! # Rerolls and other per-die effects
//! [`pool`] and [`pool_counts`] fold per-die distributions together. A rule that changes one
//! die's odds, such as a reroll, builds that die's `Dist<Face>` and folds it the same way:
//! `dists.iter().fold(Dist::certain(Face::BLANK), |acc, d| acc.convolve(d))`.

mod dist;
mod ratio;
#[cfg(test)]
mod tests;

pub use dist::Dist;
pub use ratio::{Ratio, RatioError};

use crate::Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Add;

/// The most distinct symbols that one [`SymbolTable`] (one game's dice) may name.
pub const MAX_SYMBOLS: usize = 8;

/// A die symbol (sword, shield, crit…) as a small id handed out by a [`SymbolTable`].
///
/// Only a table makes symbols, so a `Symbol` always indexes a [`Face`]'s counts. Its name lives in
/// the table that interned it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Symbol(u8);

impl Symbol {
    /// Zero-based index, `0..MAX_SYMBOLS`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Maps one game's symbol names to [`Symbol`] ids and back. It holds at most [`MAX_SYMBOLS`] names.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SymbolTable {
    names: Vec<String>,
}

impl SymbolTable {
    /// An empty table.
    pub fn new() -> SymbolTable {
        SymbolTable::default()
    }

    /// The symbol named `name`. A new name is added to the table. Returns `None` only when the
    /// name is new and the table is full.
    pub fn intern(&mut self, name: &str) -> Option<Symbol> {
        if let Some(symbol) = self.get(name) {
            return Some(symbol);
        }
        let id = u8::try_from(self.names.len())
            .ok()
            .filter(|&i| usize::from(i) < MAX_SYMBOLS)?;
        self.names.push(name.to_owned());
        Some(Symbol(id))
    }

    /// The symbol named `name`, if it has been interned.
    pub fn get(&self, name: &str) -> Option<Symbol> {
        self.iter().find(|&(_, n)| n == name).map(|(s, _)| s)
    }

    /// The name of `symbol`, or `None` if `symbol` comes from another, larger table.
    pub fn name(&self, symbol: Symbol) -> Option<&str> {
        self.names.get(symbol.index()).map(String::as_str)
    }

    /// Every symbol with its name, in interning order.
    pub fn iter(&self) -> impl Iterator<Item = (Symbol, &str)> {
        (0u8..)
            .map(Symbol)
            .zip(self.names.iter().map(String::as_str))
    }
}

/// One face of a die: how many of each symbol it shows. A blank face shows none.
///
/// A fixed-size count array, `Copy` and [`MAX_SYMBOLS`] bytes in size: rolled faces are read in hot
/// simulation loops. Adding faces (`+`) takes the union of the multisets, for example to total a
/// pool.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Face {
    counts: [u8; MAX_SYMBOLS],
}

impl Face {
    /// The face with no symbols.
    pub const BLANK: Face = Face {
        counts: [0; MAX_SYMBOLS],
    };

    /// How many `symbol`s this face shows.
    #[inline]
    pub fn count(&self, symbol: Symbol) -> u8 {
        self.counts[symbol.index()]
    }

    /// This face with exactly `count` of `symbol`. Use it to build faces in code, for example a
    /// key to look up in a [`pool_counts`] distribution.
    pub fn with(mut self, symbol: Symbol, count: u8) -> Face {
        self.counts[symbol.index()] = count;
        self
    }

    /// Whether the face shows no symbol at all.
    pub fn is_blank(&self) -> bool {
        *self == Face::BLANK
    }

    /// This face with every symbol except `symbols` removed.
    pub fn project(&self, symbols: &[Symbol]) -> Face {
        symbols
            .iter()
            .fold(Face::BLANK, |f, &s| f.with(s, self.count(s)))
    }

    /// The union of two faces' symbols, or `None` if a count would exceed 255.
    pub fn checked_add(self, other: Face) -> Option<Face> {
        let mut out = self;
        for (c, o) in out.counts.iter_mut().zip(other.counts) {
            *c = c.checked_add(o)?;
        }
        Some(out)
    }
}

impl Add for Face {
    type Output = Face;
    /// Panics if a count would exceed 255 (never wraps); see [`Face::checked_add`].
    #[track_caller]
    fn add(self, other: Face) -> Face {
        match self.checked_add(other) {
            Some(f) => f,
            None => panic!("symbol count above 255 in {self:?} + {other:?}"),
        }
    }
}

/// A die as a content file writes it. Each face lists its symbol names, and an empty list is a
/// blank face. Repeat a name to show that symbol several times: `["sword", "sword"]`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct DieDef {
    /// The die's name, e.g. `"red"` or `"attack"`.
    pub name: String,
    /// The faces, each a list of symbol names.
    pub faces: Vec<Vec<String>>,
}

/// Why a die or a distribution could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// The die lists no faces.
    #[error("die `{die}` has no faces")]
    NoFaces {
        /// The die's name.
        die: String,
    },
    /// A face names a new symbol when the symbol table already holds [`MAX_SYMBOLS`] names.
    #[error(
        "die `{die}`, face {}: symbol `{symbol}` would be one more than the {MAX_SYMBOLS} \
         distinct symbols a game's dice may use",
        face + 1
    )]
    TooManySymbols {
        /// The die's name.
        die: String,
        /// Zero-based index of the face in [`DieDef::faces`]. The message counts from one.
        face: usize,
        /// The symbol that did not fit.
        symbol: String,
    },
    /// A face shows one symbol more than 255 times.
    #[error("die `{die}`, face {}: more than 255 `{symbol}`", face + 1)]
    CountOverflow {
        /// The die's name.
        die: String,
        /// Zero-based index of the face in [`DieDef::faces`]. The message counts from one.
        face: usize,
        /// The symbol repeated too often.
        symbol: String,
    },
    /// [`Dist::from_weights`] got no positive weight.
    #[error("a distribution needs at least one positive weight")]
    NoWeight,
}

/// A die: one or more faces, each equally likely.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Die {
    name: String,
    faces: Vec<Face>,
}

impl Die {
    /// Builds a die from its content definition and interns its symbol names into `symbols`.
    ///
    /// # Errors
    /// [`DiceError::NoFaces`], [`DiceError::TooManySymbols`] or [`DiceError::CountOverflow`],
    /// each naming the die and the face.
    pub fn from_def(def: &DieDef, symbols: &mut SymbolTable) -> Result<Die, DiceError> {
        if def.faces.is_empty() {
            return Err(DiceError::NoFaces {
                die: def.name.clone(),
            });
        }
        let mut faces = Vec::with_capacity(def.faces.len());
        for (face, names) in def.faces.iter().enumerate() {
            let (die, mut counts) = (def.name.clone(), Face::BLANK.counts);
            for symbol in names {
                let Some(s) = symbols.intern(symbol) else {
                    let symbol = symbol.clone();
                    return Err(DiceError::TooManySymbols { die, face, symbol });
                };
                let Some(c) = counts[s.index()].checked_add(1) else {
                    let symbol = symbol.clone();
                    return Err(DiceError::CountOverflow { die, face, symbol });
                };
                counts[s.index()] = c;
            }
            faces.push(Face { counts });
        }
        Ok(Die {
            name: def.name.clone(),
            faces,
        })
    }

    /// The die's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// All faces, in definition order. There is always at least one.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// Face `index`, as returned by [`Die::roll`].
    ///
    /// # Panics
    /// If `index >= self.faces().len()`.
    #[inline]
    pub fn face(&self, index: usize) -> &Face {
        &self.faces[index]
    }

    /// Rolls the die and returns the index of the face that came up. It does not allocate.
    #[inline]
    pub fn roll(&self, rng: &mut Rng) -> usize {
        rng.index(self.faces.len())
    }

    /// The exact distribution of `score` over one roll of this die.
    pub fn dist<K: Ord>(&self, mut score: impl FnMut(&Face) -> K) -> Dist<K> {
        let mut tally = BTreeMap::new();
        for face in &self.faces {
            *tally.entry(score(face)).or_insert(0) += 1;
        }
        Dist::from_tally(tally)
    }
}

/// A game's dice, built together from content definitions so that they share one
/// [`SymbolTable`] whose first symbols are `symbols`, in that order (so a game knows their ids
/// before reading any die). Each die is built or refused on its own: one bad die does not hide
/// the others.
///
/// ```
/// use gridwright_engine::dice::{DieDef, build_dice};
/// let red = DieDef { name: "red".into(), faces: vec![vec!["sword".into()], vec![]] };
/// let (table, dice) = build_dice(&["sword", "shield"], [red]);
/// assert_eq!(table.get("shield").map(|s| s.index()), Some(1));
/// assert_eq!(dice[0].as_ref().map(|d| d.faces().len()), Ok(2));
/// ```
pub fn build_dice(
    symbols: &[&str],
    defs: impl IntoIterator<Item = DieDef>,
) -> (SymbolTable, Vec<Result<Die, DiceError>>) {
    let mut table = SymbolTable::new();
    for s in symbols {
        // A full table refuses the name; the dice naming it are then refused below.
        let _ = table.intern(s);
    }
    let dice = defs
        .into_iter()
        .map(|def| Die::from_def(&def, &mut table))
        .collect();
    (table, dice)
}

/// The exact distribution of the total `score` of independent rolls of `dice`.
///
/// # Panics
/// If a total leaves `i64`, or the odds leave [`Ratio`]. With six-sided dice, that happens only
/// from 50 dice on.
pub fn pool(dice: &[&Die], mut score: impl FnMut(&Face) -> i64) -> Dist<i64> {
    let add = |a: &i64, b: &i64| match a.checked_add(*b) {
        Some(sum) => sum,
        None => panic!("pool: total score {a} + {b} overflows i64"),
    };
    dice.iter().fold(Dist::certain(0), |acc, die| {
        acc.combine(&die.dist(&mut score), add)
    })
}

/// The exact joint distribution of how many of each of `symbols` `dice` show together. Each
/// outcome is a [`Face`] that counts only `symbols`. Read it with [`Face::count`], or look one up
/// with [`Face::with`].
///
/// # Panics
/// If a total count exceeds 255, or the odds leave [`Ratio`].
pub fn pool_counts(dice: &[&Die], symbols: &[Symbol]) -> Dist<Face> {
    dice.iter().fold(Dist::certain(Face::BLANK), |acc, die| {
        acc.convolve(&die.dist(|face| face.project(symbols)))
    })
}

/// The exact distribution of `combine(a, d)` for independent `a` from `attack` and `d` from
/// `defence`: hits after shields, damage after armour, or a win/lose/draw enum.
pub fn contest<A: Ord, D: Ord, K: Ord>(
    attack: &Dist<A>,
    defence: &Dist<D>,
    combine: impl FnMut(&A, &D) -> K,
) -> Dist<K> {
    attack.combine(defence, combine)
}
