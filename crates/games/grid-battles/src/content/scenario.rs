//! Reading a scenario file against the loaded units, dice and terrain; the scenario's facts are
//! checked by `Rules::new`.

use super::defs::{MapDef, ScenarioFile, SideDef, VictoryDef};
use super::{Content, Problem};
use crate::config::{Config, MapConfig, Placement, SideConfig, Victory, map_side};
use crate::rules::Rules;
use gridwright_engine::Seat;
use gridwright_engine::content::{Lenient, Problems, Report};
use gridwright_engine::geom::Hex;
use toml::Spanned;

/// The largest number a byte field holds.
const U8: i64 = u8::MAX as i64;

impl Content {
    pub(super) fn resolve_scenario(
        &self,
        name: &str,
        file: &str,
        text: &str,
    ) -> Result<Config, Vec<Problem>> {
        let mut r = Report::new(file, text);
        let Some(def) = r.parse::<ScenarioFile>() else {
            return Err(r.into_problems().into_vec());
        };
        let config = self.check_scenario(name, def, &mut r);
        match config {
            Some(c) if r.is_empty() => Ok(c),
            _ => Err(r.into_problems().into_vec()),
        }
    }

    fn check_scenario(&self, name: &str, def: ScenarioFile, r: &mut Report) -> Option<Config> {
        let title = match &def.title {
            Some(t) if t.get_ref().trim().is_empty() => {
                r.at(t.span(), "title", "must not be empty");
                String::new()
            }
            Some(t) => t.get_ref().trim().to_owned(),
            None => name.to_owned(),
        };
        // Numbers are read into their types here; their bounds are `Rules::new`'s to check.
        let activations = r.int(&def.activations, "activations", 0, U8);
        let first = r.int(&def.first, "first", 1, Seat::MAX as i64);
        let round_limit = r.int(&def.round_limit, "round_limit", 0, i64::from(u16::MAX));
        let (width, height, rows) = self.check_map(&def.map, r);
        let victory = check_victory(&def.victory, r);
        let sides = self.check_sides(def.side.get_ref(), r);
        let config = Config {
            scenario: name.to_owned(),
            title,
            description: def.description.trim().to_owned(),
            map: MapConfig {
                width: width? as u8,
                height: height? as u8,
                rows,
            },
            terrain: self.terrain.clone(),
            dice: self.dice.clone(),
            units: self.units.clone(),
            bonus: self.bonus.clone(),
            sides,
            activations: activations? as u8,
            first: Seat::new(first? as u8 - 1),
            round_limit: round_limit? as u16,
            victory: victory?,
        };
        let checked = Rules::new(&config).err().unwrap_or_default();
        r.adopt(checked, |field| match field {
            "victory" => "victory.vp".to_owned(),
            f => {
                let f = f.replacen("sides", "side", 1);
                match f.strip_suffix(".unit") {
                    Some(placement) => format!("{placement}.type"),
                    None => f,
                }
            }
        });
        Some(config)
    }

    /// The map: its size (checked now, since it bounds the grid laid out here, by the same
    /// check as `Rules::new`'s, whose repeat of it adopt then leaves out), and its rows of
    /// terrain letters from the default terrain, the rows written and the features.
    fn check_map(&self, map: &MapDef, r: &mut Report) -> (Option<i64>, Option<i64>, Vec<String>) {
        let mut size = Problems::new();
        let mut side = |r: &mut Report, v: &Lenient<i64>, field: &str| {
            let n = r.int(v, field, i64::MIN, i64::MAX)?;
            map_side(&mut size, field, n).then_some(n)
        };
        let width = side(r, &map.width, "map.width");
        let height = side(r, &map.height, "map.height");
        r.adopt(size, str::to_owned);
        let (w, h) = (width.unwrap_or(0) as usize, height.unwrap_or(0) as usize);
        let default = match &map.default {
            None => Some(self.default_terrain),
            Some(d) => self.terrain_named(d, "map.default", r),
        };
        let mut grid = Grid {
            w,
            h,
            cells: vec![default.unwrap_or(0); w * h],
        };
        if let Some(rows) = &map.rows {
            if height.is_some() && rows.len() != h {
                let span = rows.first().map_or(map.height.span(), Spanned::span);
                r.at(
                    span,
                    "map.rows",
                    format!("has {} rows but map.height is {h}", rows.len()),
                );
            }
            self.lay_rows(rows, width.is_some(), &mut grid, r);
        }
        for (fi, f) in map.feature.iter().enumerate() {
            let t = self.terrain_named(&f.terrain, &format!("map.feature[{fi}].terrain"), r);
            for (hi, code) in f.hexes.iter().enumerate() {
                let field = format!("map.feature[{fi}].hexes[{hi}]");
                if let Some(i) = on_map(r, code, &field, w, h)
                    && let Some(t) = t
                {
                    grid.cells[i] = t;
                }
            }
        }
        let rows = (0..h)
            .map(|ri| {
                grid.cells[ri * w..(ri + 1) * w]
                    .iter()
                    .map(|&t| self.terrain.get(t).map_or('?', |t| t.letter))
                    .collect()
            })
            .collect();
        (width, height, rows)
    }

    /// The terrain type named `name` (a problem at `field` if there is none).
    fn terrain_named(&self, name: &Spanned<String>, field: &str, r: &mut Report) -> Option<usize> {
        let t = self.terrain.iter().position(|t| t.id == *name.get_ref());
        if t.is_none() {
            r.at(
                name.span(),
                field,
                format!(
                    "unknown terrain `{}` ({})",
                    name.get_ref(),
                    self.terrain_list()
                ),
            );
        }
        t
    }

    /// Lays the map's rows of terrain letters (spaces ignored) onto `grid`, each row checked
    /// against the width when it is known (`width_known`).
    fn lay_rows(
        &self,
        rows: &[Spanned<String>],
        width_known: bool,
        grid: &mut Grid,
        r: &mut Report,
    ) {
        let (w, h) = (grid.w, grid.h);
        for (ri, row) in rows.iter().enumerate().take(h) {
            let letters: Vec<char> = row
                .get_ref()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            if width_known && letters.len() != w {
                r.at(
                    row.span(),
                    format!("map.rows[{ri}]"),
                    format!("has {} terrain letters but map.width is {w}", letters.len()),
                );
            }
            for (ci, ch) in letters.iter().enumerate().take(w) {
                match self.terrain.iter().position(|t| t.letter == *ch) {
                    Some(t) => grid.cells[ri * w + ci] = t,
                    None => r.at(
                        row.span(),
                        format!("map.rows[{ri}]"),
                        format!(
                            "unknown terrain letter `{ch}` in column {ci} ({})",
                            self.terrain_list()
                        ),
                    ),
                }
            }
        }
    }

    /// The sides and their units: names are resolved here; counts, hexes and the victory
    /// target are `Rules::new`'s to check.
    fn check_sides(&self, sides: &[SideDef], r: &mut Report) -> Vec<SideConfig> {
        let mut out = Vec::new();
        for (si, s) in sides.iter().enumerate() {
            let mut units = Vec::new();
            for (ui, p) in s.units.get_ref().iter().enumerate() {
                if !self.units.iter().any(|u| u.id == *p.unit.get_ref()) {
                    r.at(
                        p.unit.span(),
                        format!("side[{si}].units[{ui}].type"),
                        format!(
                            "unknown unit type `{}` (known: {})",
                            p.unit.get_ref(),
                            self.unit_names().join(", ")
                        ),
                    );
                }
                units.push(Placement {
                    unit: p.unit.get_ref().clone(),
                    at: p.at.get_ref().trim().to_owned(),
                });
            }
            out.push(SideConfig {
                name: s.name.clone().unwrap_or_else(|| format!("Side {}", si + 1)),
                units,
            });
        }
        out
    }

    fn terrain_list(&self) -> String {
        let known: Vec<String> = self
            .terrain
            .iter()
            .map(|t| format!("{} = {}", t.letter, t.id))
            .collect();
        format!("known: {}", known.join(", "))
    }
}

/// Parses a hex code and checks it lies on a `w`×`h` map; returns its dense index.
fn on_map(
    r: &mut Report,
    code: &Spanned<String>,
    field: &str,
    w: usize,
    h: usize,
) -> Option<usize> {
    match Hex::parse_code(code.get_ref()) {
        Err(e) => {
            r.at(code.span(), field, e.to_string());
            None
        }
        Ok(hex) => {
            let (c, row) = hex.to_offset();
            let (c, row) = (c as usize, row as usize);
            if c < w && row < h {
                Some(row * w + c)
            } else {
                r.at(
                    code.span(),
                    field,
                    format!(
                        "hex {} is off the map (columns 00..{:02}, rows 00..{:02})",
                        code.get_ref().trim(),
                        w.saturating_sub(1),
                        h.saturating_sub(1)
                    ),
                );
                None
            }
        }
    }
}

/// The terrain of each hex of a `w`×`h` map, row-major, as indices into the terrain types.
struct Grid {
    w: usize,
    h: usize,
    cells: Vec<usize>,
}

/// The victory condition (a VP target must fit a byte).
fn check_victory(victory: &Spanned<VictoryDef>, r: &mut Report) -> Option<Victory> {
    match victory.get_ref() {
        VictoryDef::DestroyAll => Some(Victory::DestroyAll),
        VictoryDef::Vp(n) => match u8::try_from(*n) {
            Ok(n) => Some(Victory::Vp(n)),
            _ => {
                r.at(
                    victory.span(),
                    "victory.vp",
                    format!("must be 0 to {U8}, not {n}"),
                );
                None
            }
        },
    }
}
