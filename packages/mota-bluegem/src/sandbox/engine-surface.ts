/**
 * The part of the H5 engine that a tower's `getDamageInfo` / `getEnemyInfo` read, written for the
 * sandbox (this text runs inside QuickJS, never in the host). It follows the engine's `libs/`
 * (`control.js`: `getStatusOrDefault`, `getRealStatusOrDefault`, flags; `enemys.js`: `hasSpecial`,
 * `getEnemyValue`, `getEnemyInfo`, `getDamageInfo`; `items.js`: `hasItem`, `hasEquip`, `getEquip`) for a
 * hero without buffs, equipment or floor-specific monster changes — what the package's own formula assumes too.
 * Every other member of `core` throws an error marked `notComputable`, so a tower whose damage code
 * needs more of the engine (auras through `extractBlocks`, equipment, maps) is reported "not
 * computable" for that monster instead of being given a wrong number.
 */
export const ENGINE_SURFACE = String.raw`
var __notComputable = function (what) {
  var e = new Error('needs ' + what + ', which the sandbox does not provide');
  e.notComputable = true;
  throw e;
};
var __strict = function (target, path) {
  return new Proxy(target, {
    get: function (t, key) {
      if (typeof key !== 'string' || key in t) return t[key];
      return __notComputable(path + '.' + key);
    },
  });
};
var __flags = {};
var __items = {};
var __status = {
  hero: { hp: 0, atk: 0, def: 0, mdef: 0 },
  floorId: '',
  checkBlock: {},
};
var __value = function (hero, name) {
  if (hero != null && hero[name] != null) return hero[name];
  var own = __status.hero[name];
  return own == null ? 0 : own;
};
var __hasSpecial = function (special, test) {
  if (special == null) return false;
  if (special instanceof Array) return special.indexOf(test) >= 0;
  if (typeof special === 'number') return special === test;
  if (typeof special === 'string') return __hasSpecial(__material.enemys[special], test);
  if (special.special != null) return __hasSpecial(special.special, test);
  return false;
};
var __material = { enemys: {} };
var core = __strict(
  {
    status: __status,
    material: __material,
    values: {},
    flags: { enableNegativeDamage: false },
    enemys: {},
    getStatusOrDefault: __value,
    getRealStatusOrDefault: __value,
    getStatus: function (name) { return __value(null, name); },
    getRealStatus: function (name) { return __value(null, name); },
    hasSpecial: __hasSpecial,
    getEnemyValue: function (enemy, name) {
      if (typeof enemy === 'string') enemy = __material.enemys[enemy];
      return enemy == null ? undefined : enemy[name];
    },
    getFlag: function (name, def) { return __flags[name] != null ? __flags[name] : def; },
    hasFlag: function (name) { return !!__flags[name]; },
    setFlag: function (name, value) { if (value == null) delete __flags[name]; else __flags[name] = value; },
    removeFlag: function (name) { delete __flags[name]; },
    addFlag: function (name, value) { __flags[name] = (__flags[name] || 0) + value; },
    hasItem: function (id) { return (__items[id] || 0) > 0; },
    itemCount: function (id) { return __items[id] || 0; },
    // the hero wears nothing: equipment goes to the inventory and is not applied (as in the plans)
    hasEquip: function () { return false; },
    getEquip: function () { return null; },
    clone: function (v) { return JSON.parse(JSON.stringify(v)); },
    // utils.js helpers the damage code of many towers calls
    isset: function (v) { return v != null; },
    inArray: function (array, element) { return array instanceof Array && array.indexOf(element) >= 0; },
    clamp: function (x, a, b) { var min = Math.min(a, b), max = Math.max(a, b); return Math.min(Math.max(x || 0, min), max); },
  },
  'core',
);
core.enemys = __strict({}, 'core.enemys');
core.values = __strict({}, 'core.values');
var __install = function (values, negativeDamage, enemys, functionsObject) {
  var v = {};
  for (var k in values) v[k] = values[k];
  core.values = v;
  core.flags.enableNegativeDamage = negativeDamage;
  __material.enemys = enemys;
  var own = functionsObject && functionsObject.enemys;
  if (own == null || typeof own.getDamageInfo !== 'function') return false;
  var host = { getDamageInfo: own.getDamageInfo, getEnemyInfo: own.getEnemyInfo || null };
  core.enemys = __strict(
    {
      getDamageInfo: function (enemy, hero, x, y, floorId) {
        return host.getDamageInfo.call(own, enemy, hero, x, y, floorId);
      },
      getEnemyInfo: function (enemy, hero, x, y, floorId) {
        if (host.getEnemyInfo == null) return __notComputable('core.enemys.getEnemyInfo');
        return host.getEnemyInfo.call(own, enemy, hero, x, y, floorId);
      },
      hasSpecial: __hasSpecial,
    },
    'core.enemys',
  );
  return true;
};
var __damage = function (id, hero, x, y, floorId, hatred, cross) {
  __flags = {};
  if (hatred) __flags.hatred = hatred;
  __items = cross ? { cross: 1 } : {};
  __status.hero = hero;
  __status.floorId = floorId;
  __status.checkBlock = {};
  var enemy = __material.enemys[id];
  if (enemy == null) return 'no monster ' + id;
  try {
    var info = core.enemys.getDamageInfo(enemy, hero, x, y, floorId);
    if (info == null) return null;
    if (typeof info.damage !== 'number' || info.damage !== info.damage) return 'damage is not a number';
    return info.damage;
  } catch (e) {
    return e && e.notComputable ? String(e.message) : 'throws ' + String(e && e.name) + ': ' + String(e && e.message);
  }
};
var __damageRange = function (id, hero, defFrom, defTo, x, y, floorId) {
  var out = [];
  for (var d = defFrom; d <= defTo; d++) {
    var h = { hp: hero.hp, atk: hero.atk, def: d, mdef: hero.mdef };
    var one = __damage(id, h, x, y, floorId, 0, false);
    if (typeof one === 'string') return one;
    out.push(one);
  }
  return out;
};
`;
