//! TypeScript declarations of what the web client reads (feature `ts`): per game with a web
//! view, its observation, actions, events and log entries, generated from the Rust types with
//! `ts-rs`. The server's test `web_types_are_current` writes them under `web/types/` and fails
//! when the committed files are stale, and `tsc --checkJs` checks the views against them.
//!
//! # Why generated, and why only under a feature
//! A view reads the JSON the game's `Serialize` derives make. Declarations derived from the same
//! types make a Rust change that breaks a view fail the test command (`tsc`), not a player. The
//! derives cost compile time and nothing else, so normal builds leave them out; the server's
//! tests turn the feature on.

use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
use ts_rs::{Config, TS, TypeVisitor};

/// Declarations collected from root types and everything they reach, one per type name.
pub struct Declarations {
    cfg: Config,
    seen: HashSet<TypeId>,
    decls: BTreeMap<String, (TypeId, String)>,
    clashes: Vec<String>,
    extra: Vec<String>,
}

impl std::fmt::Debug for Declarations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Declarations")
            .field("types", &self.decls.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Default for Declarations {
    fn default() -> Self {
        Declarations {
            // Integers are JSON numbers (the counts and ids on the wire all fit a double).
            cfg: Config::new().with_large_int("number"),
            seen: HashSet::new(),
            decls: BTreeMap::new(),
            clashes: Vec::new(),
            extra: Vec::new(),
        }
    }
}

impl Declarations {
    /// Declares `T` and every named type it reaches.
    pub fn add<T: TS + 'static + ?Sized>(&mut self) -> &mut Self {
        self.visit::<T>();
        self
    }

    /// Appends a hand-written declaration (an alias tying generated types together).
    pub fn extra(&mut self, text: &str) -> &mut Self {
        self.extra.push(text.to_owned());
        self
    }

    /// The file: a header, the declarations sorted by name, then the extra ones.
    ///
    /// # Errors
    /// Two different Rust types with the same TypeScript name (the file could not tell them
    /// apart): their names.
    pub fn finish(&self, header: &str) -> Result<String, String> {
        if !self.clashes.is_empty() {
            return Err(format!(
                "two types share a TypeScript name: {}",
                self.clashes.join(", ")
            ));
        }
        let mut out = String::from(header);
        for (_, decl) in self.decls.values() {
            out.push('\n');
            out.push_str(decl);
            out.push('\n');
        }
        for e in &self.extra {
            out.push('\n');
            out.push_str(e.trim_end());
            out.push('\n');
        }
        Ok(out)
    }
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Primitives and std containers have no declaration of their own.
        if T::output_path().is_none() {
            return;
        }
        let id = TypeId::of::<T::WithoutGenerics>();
        if !self.seen.insert(id) {
            return;
        }
        let name = T::ident(&self.cfg);
        let mut text = T::docs().unwrap_or_default();
        text.push_str("export ");
        text.push_str(&T::decl(&self.cfg));
        if let Some((other, _)) = self.decls.get(&name)
            && *other != id
        {
            self.clashes.push(name.clone());
        }
        self.decls.insert(name, (id, text));
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The header of every generated file.
pub const HEADER: &str = "// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.\n\
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored\n";

/// The lines that tie a game's generated types to the server's erased `state` message.
fn game_extra(d: &mut Declarations) {
    d.extra(
        "/** A log entry of this game as a viewer may see it. */\n\
         export type LogEntry = VisibleEntry<Action, Event>;\n\
         /** A legal action of this game as the server offers it. */\n\
         export type Legal = { seat: Seat, action: Action, text: string };\n\
         /** The server's `state` message for this game. */\n\
         export type State = import('./server').StateMessage & { observation: Observation, legal: Array<Legal>, log: Array<LogEntry> };",
    );
}

/// The declarations of each game with a web view: `(game short name, file text)`.
///
/// # Errors
/// A name clash within one game's file (see [`Declarations::finish`]).
pub fn game_declarations() -> Result<Vec<(&'static str, String)>, String> {
    Ok(vec![
        game_file::<gridwright_grid_battles::GridBattles>(|d| {
            d.add::<gridwright_grid_battles::Board>();
        })?,
        game_file::<gridwright_command_core::CommandCore>(|d| {
            d.add::<gridwright_command_core::ScenarioMap>();
        })?,
        game_file::<gridwright_connect_four::ConnectFour>(|_| {})?,
        game_file::<gridwright_starcore::Starcore>(|_| {})?,
        game_file::<gridwright_milkomeda::Milkomeda>(|_| {})?,
    ])
}

/// One game's file: its observation, actions, events and log entries, what `more` adds (types
/// a view reads beside those), and the lines tying them to the server's `state` message.
fn game_file<G>(more: fn(&mut Declarations)) -> Result<(&'static str, String), String>
where
    G: gridwright_engine::Game,
    G::Observation: TS + 'static,
    G::Action: TS + 'static,
    G::Event: TS + 'static,
{
    let mut d = Declarations::default();
    d.add::<G::Observation>()
        .add::<G::Action>()
        .add::<G::Event>()
        .add::<gridwright_engine::VisibleEntry<G::Action, G::Event>>();
    more(&mut d);
    game_extra(&mut d);
    Ok((G::INFO.short_name, d.finish(HEADER)?))
}
