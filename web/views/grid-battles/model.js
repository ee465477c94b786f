// Grid Battles: the observation as the views use it. The server sends the units with their type
// id and the statistics of each type once (`unit_types`); this gives each unit its type's
// statistics, once per update. The map is drawn from the observation's `board`
// (crates/games/grid-battles/src/board.rs), which the server builds hex by hex.

/** @typedef {import('../../types/grid-battles').Observation} Observation */
/** @typedef {import('../../types/grid-battles').UnitView} UnitView */
/** @typedef {import('../../types/grid-battles').UnitType} UnitType */
/**
 * A unit with its type's statistics.
 * @typedef {UnitView & Pick<UnitType, 'name' | 'attack_die' | 'defence_die' | 'base' | 'attack' | 'range'>} Unit
 */
/** @typedef {Omit<Observation, 'units'> & {units: Unit[], normalized: true}} Normalized */

/**
 * The observation with each unit's type statistics filled in.
 * @param {Observation | Normalized} obs
 * @returns {Normalized}
 */
export function normalize(obs) {
  if (!obs?.board || 'normalized' in obs) return /** @type {Normalized} */ (obs);
  const types = new Map((obs.unit_types ?? []).map((t) => [t.id, t]));
  const units = (obs.units ?? []).map((u) => {
    /** @type {Partial<UnitType>} */
    const t = types.get(u.unit_type) ?? {};
    return {
      name: t.name ?? u.unit_type ?? '?',
      attack_die: t.attack_die ?? '?',
      defence_die: t.defence_die ?? '?',
      base: t.base ?? [],
      attack: t.attack ?? 'melee',
      range: t.range ?? 1,
      ...u,
    };
  });
  return { ...obs, units, normalized: /** @type {const} */ (true) };
}

/** A terrain's name in words: its content id, capitalised (`woods` → `Woods`). */
export const terrainName = (id) => (id ? `${id[0].toUpperCase()}${id.slice(1).replace(/[-_]/g, ' ')}` : 'Unknown terrain');

/**
 * A hex's tooltip: its map label, the terrain's name, what entering it costs and whether it
 * blocks sight — "Hex 0102 · Woods: 2 movement points to enter, blocks line of sight".
 * @param {{code: string, terrain: string}} hex
 * @param {Array<{id: string, cost: number, blocks_los: boolean}>} [terrain] the board's terrain types
 */
export function hexTip(hex, terrain = []) {
  const t = terrain.find((x) => x.id === hex.terrain);
  const name = terrainName(hex.terrain);
  if (!t) return `Hex ${hex.code} · ${name}`;
  const cost = `${t.cost} movement point${t.cost === 1 ? '' : 's'} to enter`;
  return `Hex ${hex.code} · ${name}: ${cost}, ${t.blocks_los ? 'blocks line of sight' : 'open to sight'}`;
}
