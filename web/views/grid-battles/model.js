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
