//! TypeScript declarations of what the web client reads (feature `ts`): per game with a web
//! view, its observation, actions, events and log entries, generated from the Rust types with
//! `ts-rs`. The server's test `web_types_are_current` writes them under `web/types/` and fails
//! when the committed files are stale, and `tsc --checkJs` checks the views against them.
//!
//! # One file per crate of origin
//! The engine's types (`Seat`, `Actor`, `Hex`, `VisibleEntry`, …) are reached from every game and
//! from the server's messages. They are declared once, in `engine.d.ts`, and the other files
//! import what they name from it ([`Files`]): a game's file holds its own types only.
//!
//! # Why generated, and why only under a feature
//! A view reads the JSON the game's `Serialize` derives make. Declarations derived from the same
//! types make a Rust change that breaks a view fail the test command (`tsc`), not a player. The
//! derives cost compile time and nothing else, so normal builds leave them out; the server's
//! tests turn the feature on.

use std::any::TypeId;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use ts_rs::{Config, TS, TypeVisitor};

/// The name of the file (without `.d.ts`) that declares the engine's types.
pub const ENGINE_FILE: &str = "engine";

/// Whether `T` is one of the engine's types, declared in [`ENGINE_FILE`]. Told by the Rust path
/// (`std::any::type_name`): the engine crate is the only one named `gridwright_engine`.
fn is_engine<T: ?Sized + 'static>() -> bool {
    std::any::type_name::<T>().starts_with("gridwright_engine::")
}

/// The declarations of one file, one per type name, and the engine's types it imports.
struct Declarations {
    seen: HashSet<TypeId>,
    decls: BTreeMap<String, (TypeId, String)>,
    clashes: Vec<String>,
    imports: BTreeSet<String>,
    extra: Vec<String>,
}

impl Declarations {
    fn new() -> Self {
        Declarations {
            seen: HashSet::new(),
            decls: BTreeMap::new(),
            clashes: Vec::new(),
            imports: BTreeSet::new(),
            extra: Vec::new(),
        }
    }

    /// Declares `T` here, unless seen before; false if it was.
    fn declare<T: TS + 'static + ?Sized>(&mut self, cfg: &Config) -> bool {
        let id = TypeId::of::<T::WithoutGenerics>();
        if !self.seen.insert(id) {
            return false;
        }
        let name = T::ident(cfg);
        let mut text = T::docs().unwrap_or_default();
        text.push_str("export ");
        text.push_str(&T::decl(cfg));
        if let Some((other, _)) = self.decls.get(&name)
            && *other != id
        {
            self.clashes.push(name.clone());
        }
        self.decls.insert(name, (id, text));
        true
    }

    /// The file: a header, the imports, the declarations sorted by name, then the extra ones.
    fn finish(&self, header: &str) -> Result<String, String> {
        let mut clashes = self.clashes.clone();
        // A type of the file that shares a name with an engine type it imports.
        clashes.extend(
            self.imports
                .iter()
                .filter(|n| self.decls.contains_key(*n))
                .cloned(),
        );
        if !clashes.is_empty() {
            return Err(format!(
                "two types share a TypeScript name: {}",
                clashes.join(", ")
            ));
        }
        let mut out = String::from(header);
        if !self.imports.is_empty() {
            let names: Vec<&str> = self.imports.iter().map(String::as_str).collect();
            out.push_str(&format!(
                "\nimport type {{ {} }} from './{ENGINE_FILE}';\n",
                names.join(", ")
            ));
        }
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

/// The web client's declaration files: [`ENGINE_FILE`] with every engine type any file reaches,
/// and a file per [`Files::file`] with its own types, importing the engine's.
pub struct Files {
    cfg: Config,
    engine: Declarations,
    files: Vec<(String, Declarations)>,
}

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Files")
            .field(
                "files",
                &self.files.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl Default for Files {
    fn default() -> Self {
        Files {
            // Integers are JSON numbers (the counts and ids on the wire all fit a double).
            cfg: Config::new().with_large_int("number"),
            engine: Declarations::new(),
            files: Vec::new(),
        }
    }
}

/// One file being filled: what [`Files::file`] hands its closure.
pub struct File<'a> {
    cfg: &'a Config,
    engine: &'a mut Declarations,
    decls: &'a mut Declarations,
}

impl std::fmt::Debug for File<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("File")
            .field("types", &self.decls.decls.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl File<'_> {
    /// Declares `T` and every named type it reaches (the engine's in [`ENGINE_FILE`]).
    pub fn add<T: TS + 'static + ?Sized>(&mut self) -> &mut Self {
        self.visit::<T>();
        self
    }

    /// Appends a hand-written declaration (an alias tying generated types together).
    pub fn extra(&mut self, text: &str) -> &mut Self {
        self.decls.extra.push(text.to_owned());
        self
    }
}

impl TypeVisitor for File<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Primitives and std containers have no declaration of their own.
        if T::output_path().is_none() {
            return;
        }
        if is_engine::<T>() {
            // Declared in the engine's file; what it is generic over (a game's action, a
            // game's event) is this file's.
            self.decls.imports.insert(T::ident(self.cfg));
            EngineTypes {
                cfg: self.cfg,
                decls: self.engine,
            }
            .visit::<T>();
            T::visit_generics(self);
        } else if self.decls.declare::<T>(self.cfg) {
            T::visit_dependencies(self);
            T::visit_generics(self);
        }
    }
}

/// Collects the engine's types into [`ENGINE_FILE`]; the engine knows no game, so any other type
/// it meets is a generic argument, declared by the file that named it.
struct EngineTypes<'a> {
    cfg: &'a Config,
    decls: &'a mut Declarations,
}

impl TypeVisitor for EngineTypes<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_some() && is_engine::<T>() && self.decls.declare::<T>(self.cfg) {
            T::visit_dependencies(self);
        }
    }
}

impl Files {
    /// Adds the file `name`, filled by `fill`.
    pub fn file(&mut self, name: &str, fill: impl FnOnce(&mut File<'_>)) -> &mut Self {
        let mut decls = Declarations::new();
        fill(&mut File {
            cfg: &self.cfg,
            engine: &mut self.engine,
            decls: &mut decls,
        });
        self.files.push((name.to_owned(), decls));
        self
    }

    /// `(file name, text)` of every file, [`ENGINE_FILE`] first.
    ///
    /// # Errors
    /// Two different Rust types with the same TypeScript name in one file (it could not tell
    /// them apart): their names.
    pub fn finish(&self) -> Result<Vec<(String, String)>, String> {
        let mut out = vec![(ENGINE_FILE.to_owned(), self.engine.finish(HEADER)?)];
        for (name, decls) in &self.files {
            out.push((name.clone(), decls.finish(HEADER)?));
        }
        Ok(out)
    }
}

/// The header of every generated file.
pub const HEADER: &str = "// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.\n\
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored\n";

/// The lines that tie a game's generated types to the server's erased `state` message (the
/// generic `GameLegal` and `GameState` that the server's file declares).
fn game_extra(d: &mut File<'_>) {
    d.extra(
        "/** A log entry of this game as a viewer may see it. */\n\
         export type LogEntry = VisibleEntry<Action, Event>;\n\
         /** A legal action of this game as the server offers it. */\n\
         export type Legal = import('./server').GameLegal<Action>;\n\
         /** The server's `state` message for this game. */\n\
         export type State = import('./server').GameState<Observation, Action, Event>;",
    );
}

/// Adds the file of each game with a web view, named by its short name.
pub fn game_files(files: &mut Files) {
    game_file::<gridwright_grid_battles::GridBattles>(files, |d| {
        d.add::<gridwright_grid_battles::Board>();
    });
    game_file::<gridwright_command_core::CommandCore>(files, |d| {
        d.add::<gridwright_command_core::ScenarioMap>();
    });
    game_file::<gridwright_connect_four::ConnectFour>(files, |_| {});
    game_file::<gridwright_starcore::Starcore>(files, |_| {});
    game_file::<gridwright_milkomeda::Milkomeda>(files, |_| {});
}

/// One game's file: its observation, actions, events and log entries, what `more` adds (types
/// a view reads beside those), and the lines tying them to the server's `state` message.
fn game_file<G>(files: &mut Files, more: fn(&mut File<'_>))
where
    G: gridwright_engine::Game,
    G::Observation: TS + 'static,
    G::Action: TS + 'static,
    G::Event: TS + 'static,
{
    files.file(G::INFO.short_name, |d| {
        d.add::<G::Observation>()
            .add::<G::Action>()
            .add::<G::Event>()
            .add::<gridwright_engine::VisibleEntry<G::Action, G::Event>>();
        more(d);
        game_extra(d);
    });
}
