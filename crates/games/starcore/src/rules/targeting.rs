//! Range and Width: which tiles an attack or an effect can reach (Grid seed, "Range and
//! Targeting" and "Combined Targeting Examples").
//!
//! A [`TargetBox`] is a Range (a non-empty set of row letters) crossed with a Width (lanes
//! around an anchor lane, a zone, or a sector). A tile is in the box when its row letter — named
//! from its own grid's owner — is in the Range and its lane (and, for a sector, its row) is in
//! the Width. A sector names rows as well as lanes, so a sector Width keeps only the rows of
//! the Range that the sector covers (the seed's "Range: All, Width: Sector 2" hits rows A and B
//! only). Lane spreads stop at the board's edge.

use crate::grid::{Lane, Row, Sector, Tile, TileSet, Zone};
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// Why a Range or Width text was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseTargetError {
    /// Not a Range.
    #[error("`{0}` is not a Range: write row letters joined by `+` (A, B+C, A+C, A+B+C) or `All`")]
    Range(String),
    /// Not a Width.
    #[error("`{0}` is not a Width: write `lane`, `lane±1`, `lane±2`, `Z1`, `Z2` or `S1`..`S4`")]
    Width(String),
}

/// The rows an effect can reach: any non-empty combination of A, B and C.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Range(u8);

impl Range {
    /// Row A only.
    pub const A: Range = Range(0b001);
    /// Row B only.
    pub const B: Range = Range(0b010);
    /// Row C only.
    pub const C: Range = Range(0b100);
    /// Rows A and B.
    pub const AB: Range = Range(0b011);
    /// Rows A and C, skipping B.
    pub const AC: Range = Range(0b101);
    /// Rows B and C.
    pub const BC: Range = Range(0b110);
    /// All rows (`A+B+C`, also written `All`).
    pub const ALL: Range = Range(0b111);
    /// The seven Ranges, in bit order.
    pub const EVERY: [Range; 7] = [
        Range::A,
        Range::B,
        Range::AB,
        Range::C,
        Range::AC,
        Range::BC,
        Range::ALL,
    ];

    /// The Range of the given rows, or `None` if there are none.
    pub fn from_rows(rows: impl IntoIterator<Item = Row>) -> Option<Range> {
        let bits = rows.into_iter().fold(0u8, |b, r| b | 1 << r.index());
        (bits != 0).then_some(Range(bits))
    }

    /// Whether the Range reaches `row`.
    pub const fn contains(self, row: Row) -> bool {
        self.0 & (1 << row.index()) != 0
    }

    /// The rows reached, A first.
    pub fn rows(self) -> impl Iterator<Item = Row> + Clone {
        Row::ALL.into_iter().filter(move |r| self.contains(*r))
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: Vec<String> = self.rows().map(|r| r.to_string()).collect();
        f.write_str(&letters.join("+"))
    }
}

impl FromStr for Range {
    type Err = ParseTargetError;
    fn from_str(s: &str) -> Result<Range, ParseTargetError> {
        let bad = || ParseTargetError::Range(s.chars().take(40).collect());
        if s.trim().eq_ignore_ascii_case("all") {
            return Ok(Range::ALL);
        }
        let mut bits = 0u8;
        for part in s.split('+') {
            let mut chars = part.trim().chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let row = Row::from_letter(c).ok_or_else(bad)?;
            if bits & 1 << row.index() != 0 {
                return Err(bad()); // a row named twice
            }
            bits |= 1 << row.index();
        }
        Ok(Range(bits))
    }
}

string_conversions!(Range, ParseTargetError);

/// How many lanes on each side of the anchor lane a lane Width adds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spread {
    /// The anchor lane alone (`Lane X`).
    Single,
    /// The anchor lane and one lane each side (`Lane X±1`).
    One,
    /// The anchor lane and two lanes each side (`Lane X±2`).
    Two,
}

impl Spread {
    /// 0, 1 or 2.
    pub const fn lanes(self) -> u8 {
        self as u8
    }
}

/// The lanes (and for a sector, rows) an effect can reach.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Width {
    /// Lanes around an anchor lane: a unit's own lane, or the lane a player names for an
    /// Action.
    Lane(Spread),
    /// Every lane of a zone.
    Zone(Zone),
    /// Every tile of a sector (its lanes and its rows).
    Sector(Sector),
}

impl Width {
    /// Every Width.
    pub const EVERY: [Width; 9] = [
        Width::Lane(Spread::Single),
        Width::Lane(Spread::One),
        Width::Lane(Spread::Two),
        Width::Zone(Zone::Z1),
        Width::Zone(Zone::Z2),
        Width::Sector(Sector::S1),
        Width::Sector(Sector::S2),
        Width::Sector(Sector::S3),
        Width::Sector(Sector::S4),
    ];

    /// Whether the Width reaches `tile` when anchored at `anchor` (ignored by zone and sector
    /// Widths).
    pub fn contains(self, tile: Tile, anchor: Lane) -> bool {
        match self {
            Width::Lane(spread) => tile.lane().number().abs_diff(anchor.number()) <= spread.lanes(),
            Width::Zone(zone) => tile.zone() == zone,
            Width::Sector(sector) => tile.sector() == sector,
        }
    }
}

impl fmt::Display for Width {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Width::Lane(Spread::Single) => f.write_str("lane"),
            Width::Lane(s) => write!(f, "lane±{}", s.lanes()),
            Width::Zone(z) => write!(f, "{z}"),
            Width::Sector(s) => write!(f, "{s}"),
        }
    }
}

impl FromStr for Width {
    type Err = ParseTargetError;
    fn from_str(s: &str) -> Result<Width, ParseTargetError> {
        let bad = || ParseTargetError::Width(s.chars().take(40).collect());
        let t: String = s
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        let width = match t.as_str() {
            "lane" => Width::Lane(Spread::Single),
            "lane±1" | "lane+-1" | "lane+/-1" => Width::Lane(Spread::One),
            "lane±2" | "lane+-2" | "lane+/-2" => Width::Lane(Spread::Two),
            "z1" | "zone1" => Width::Zone(Zone::Z1),
            "z2" | "zone2" => Width::Zone(Zone::Z2),
            "s1" | "sector1" => Width::Sector(Sector::S1),
            "s2" | "sector2" => Width::Sector(Sector::S2),
            "s3" | "sector3" => Width::Sector(Sector::S3),
            "s4" | "sector4" => Width::Sector(Sector::S4),
            _ => return Err(bad()),
        };
        Ok(width)
    }
}

string_conversions!(Width, ParseTargetError);

/// A Range crossed with a Width: the box of tiles an attack may pick a target from, or an area
/// effect hits entirely.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetBox {
    /// The rows reached.
    pub range: Range,
    /// The lanes (or sector) reached.
    pub width: Width,
}

impl TargetBox {
    /// The box of `range` × `width`.
    pub const fn new(range: Range, width: Width) -> TargetBox {
        TargetBox { range, width }
    }

    /// Whether `tile` is in the box anchored at lane `anchor`.
    pub fn contains(self, tile: Tile, anchor: Lane) -> bool {
        self.range.contains(tile.row()) && self.width.contains(tile, anchor)
    }

    /// The box's tiles on `grid`'s grid, anchored at lane `anchor` (the seed's diagrams draw
    /// one grid); empty for a seat other than P1 and P2.
    pub fn tiles_on(self, grid: Seat, anchor: Lane) -> TileSet {
        Tile::on_grid(grid)
            .filter(|t| self.contains(*t, anchor))
            .collect()
    }

    /// The box's tiles on both grids, each tile judged by its own grid's row letters: looked up
    /// in a table of every Range × Width × anchor, filled once by [`TargetBox::contains`].
    pub fn tiles(self, anchor: Lane) -> TileSet {
        static TABLE: OnceLock<Vec<TileSet>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let mut out = Vec::with_capacity(Range::EVERY.len() * Width::EVERY.len() * 8);
            for range in Range::EVERY {
                for width in Width::EVERY {
                    for lane in Lane::all() {
                        let b = TargetBox::new(range, width);
                        out.push(Tile::all().filter(|t| b.contains(*t, lane)).collect());
                    }
                }
            }
            out
        });
        let r = Range::EVERY.iter().position(|r| *r == self.range);
        let w = Width::EVERY.iter().position(|w| *w == self.width);
        let i = (r.unwrap_or(0) * Width::EVERY.len() + w.unwrap_or(0)) * 8
            + usize::from(anchor.number() - 1);
        table.get(i).copied().unwrap_or(TileSet::EMPTY)
    }
}

impl fmt::Display for TargetBox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Range {} · Width {}", self.range, self.width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{P1, P2};
    use crate::test_support::t;

    /// The tiles of `grid` marked `x` in a picture of rows A, B, C (lanes 1–8 left to right),
    /// drawn as the seed draws its targeting diagrams.
    fn picture(grid: Seat, rows: [&str; 3]) -> TileSet {
        let mut set = TileSet::EMPTY;
        for (row, line) in Row::ALL.into_iter().zip(rows) {
            assert_eq!(line.len(), 8, "{line}");
            for (lane, c) in Lane::all().zip(line.chars()) {
                if c == 'x' {
                    set.insert(Tile::new(grid, row, lane));
                }
            }
        }
        set
    }

    fn boxed(range: &str, width: &str) -> TargetBox {
        match (range.parse(), width.parse()) {
            (Ok(r), Ok(w)) => TargetBox::new(r, w),
            (r, w) => panic!("{r:?} {w:?}"),
        }
    }

    #[test]
    fn range_notation_covers_every_row_combination() {
        let expect = [
            ("A", vec![Row::A]),
            ("B", vec![Row::B]),
            ("C", vec![Row::C]),
            ("A+B", vec![Row::A, Row::B]),
            ("A+C", vec![Row::A, Row::C]),
            ("B+C", vec![Row::B, Row::C]),
            ("A+B+C", vec![Row::A, Row::B, Row::C]),
        ];
        for (text, rows) in &expect {
            let r: Range = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(r.rows().collect::<Vec<_>>(), *rows, "{text}");
            assert_eq!(r.to_string(), *text);
            assert_eq!(Range::from_rows(rows.iter().copied()), Some(r));
        }
        assert_eq!(Range::EVERY.len(), expect.len());
        assert_eq!("All".parse::<Range>(), Ok(Range::ALL));
        assert_eq!("c + a".parse::<Range>(), Ok(Range::AC));
        for bad in ["", "D", "A+", "A+A", "AB", "A+B+C+D"] {
            assert!(bad.parse::<Range>().is_err(), "{bad}");
        }
        assert_eq!(Range::from_rows([]), None);
        assert!(serde_json::from_str::<Range>("\"A+D\"").is_err());
    }

    #[test]
    fn width_notation_names_lanes_zones_and_sectors() {
        for text in [
            "lane", "lane±1", "lane±2", "Z1", "Z2", "S1", "S2", "S3", "S4",
        ] {
            let w: Width = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(w.to_string(), text);
        }
        assert_eq!("Lane +- 2".parse::<Width>(), Ok(Width::Lane(Spread::Two)));
        assert_eq!("Zone 1".parse::<Width>(), Ok(Width::Zone(Zone::Z1)));
        assert_eq!("sector 4".parse::<Width>(), Ok(Width::Sector(Sector::S4)));
        for bad in ["", "lane±3", "Z3", "S5", "row"] {
            assert!(bad.parse::<Width>().is_err(), "{bad}");
        }
    }

    #[test]
    fn target_boxes_read_and_write_the_seed_notation_as_data() {
        let json = r#"{"range":"A+C","width":"lane±1"}"#;
        let b: TargetBox = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b, TargetBox::new(Range::AC, Width::Lane(Spread::One)));
        assert_eq!(serde_json::to_string(&b).unwrap_or_default(), json);
        let err = serde_json::from_str::<TargetBox>(r#"{"range":"A","width":"Z9"}"#);
        assert!(err.is_err_and(|e| e.to_string().contains("is not a Width")));
        assert_eq!(b.to_string(), "Range A+C · Width lane±1");
    }

    /// A box and the tiles it covers: `(what, range, width, anchor lane, grid, picture)`.
    type Pictured = (
        &'static str,
        &'static str,
        &'static str,
        u8,
        Seat,
        [&'static str; 3],
    );

    #[rustfmt::skip]
    const PICTURED: [Pictured; 13] = [
        // Grid seed, "Range": a Range A+C unit reaches rows A and C but not B.
        ("sniper", "A+C", "lane", 4, P2, ["...x....", "........", "...x...."]),
        // Grid seed, "Artillery Strike": every row of lanes 3 to 5.
        ("artillery strike", "A+B+C", "lane±1", 4, P2, ["..xxx...", "..xxx...", "..xxx..."]),
        ("zone bombardment", "B+C", "Z2", 1, P2, ["........", "....xxxx", "....xxxx"]),
        ("tactical strike", "All", "S1", 1, P2, ["xxxx....", "xxxx....", "........"]),
        ("example 1: short-range rifle", "A", "lane", 5, P2, ["....x...", "........", "........"]),
        ("example 2: flamethrower", "A+B", "lane±1", 4, P2, ["..xxx...", "..xxx...", "........"]),
        ("example 3: zone suppression", "A+B+C", "Z1", 8, P2, ["xxxx....", "xxxx....", "xxxx...."]),
        // Combined example 4: a sector Width keeps only the sector's rows.
        ("example 4: sector bombardment", "All", "S2", 1, P2, ["....xxxx", "....xxxx", "........"]),
        ("a sector meets the Range", "B+C", "S1", 1, P1, ["........", "xxxx....", "........"]),
        ("a sector meets the Range", "C", "S4", 1, P1, ["........", "........", "....xxxx"]),
        // A lane spread stops at the board edge.
        ("spread at lane 1", "A", "lane±2", 1, P1, ["xxx.....", "........", "........"]),
        ("spread at lane 8", "A", "lane±1", 8, P1, ["......xx", "........", "........"]),
        ("spread at lane 4", "C", "lane±2", 4, P1, ["........", "........", ".xxxxx.."]),
    ];

    #[test]
    fn boxes_cover_the_tiles_the_seed_pictures() {
        for (what, range, width, lane, grid, rows) in PICTURED {
            let got = boxed(range, width).tiles_on(grid, Lane::new(lane));
            assert_eq!(
                got,
                picture(grid, rows),
                "{what}: {range} {width} at lane {lane}"
            );
        }
    }

    #[test]
    fn range_a_plus_b_cannot_reach_row_c() {
        // Common Mistake 3: A+B reaches A4 and B4, never the Commander at C4.
        let b = boxed("A+B", "lane");
        assert!(!b.contains(t("P2:C4"), Lane::new(4)));
        assert!(b.contains(t("P2:A4"), Lane::new(4)));
        assert!(b.contains(t("P2:B4"), Lane::new(4)));
    }

    #[test]
    fn sector_width_with_none_of_the_ranges_rows_is_empty() {
        assert!(boxed("A+B", "S3").tiles(Lane::new(1)).is_empty());
    }

    #[test]
    fn a_box_on_the_battlefield_covers_both_grids_by_their_own_row_letters() {
        let b = boxed("A", "lane");
        let both = b.tiles(Lane::new(3));
        assert_eq!(both, [t("P1:A3"), t("P2:A3")].into_iter().collect());
        for range in Range::EVERY {
            for width in [
                "lane", "lane±1", "lane±2", "Z1", "Z2", "S1", "S2", "S3", "S4",
            ] {
                let w: Width = width.parse().unwrap_or_else(|e| panic!("{e}"));
                for anchor in Lane::all() {
                    let bx = TargetBox::new(range, w);
                    assert_eq!(
                        bx.tiles(anchor),
                        bx.tiles_on(P1, anchor).union(bx.tiles_on(P2, anchor))
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

    /// The looked-up boxes are exactly the tiles `contains` accepts, for every box and anchor.
    #[test]
    fn box_tiles_from_the_table_match_contains_everywhere() {
        for range in Range::EVERY {
            for width in Width::EVERY {
                for lane in Lane::all() {
                    let b = TargetBox::new(range, width);
                    let slow: TileSet = Tile::all().filter(|t| b.contains(*t, lane)).collect();
                    assert_eq!(b.tiles(lane), slow, "{b} at lane {lane}");
                }
            }
        }
    }
}
