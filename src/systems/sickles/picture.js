// The picture report.html draws of a sickles game at the cursor, rebuilt
// from the events up to it (docs/replay.md): lanes of chips, placed along
// the field where they have a position. Runs inside the page's script,
// which gives `PICTURES`, `remove` and `chips`.
PICTURES.sickles = function (events) {
  var cup = [], drawn = [], brigades = { a: [], b: [] }, active = {}, now = '';
  events.forEach(function (e, i) {
    var last = i === events.length - 1;
    if (e.event === 'turn_start') {
      drawn = []; active = {};
      brigades = { a: e.in_play[0].slice(), b: e.in_play[1].slice() };
    }
    if (e.event === 'cup') { cup = e.chits.slice(); }
    if (e.event === 'draw') {
      remove(cup, [e.chit]);
      drawn.push({ text: e.chit, mark: e.cancelled ? 'out' : (last ? 'now' : '') });
    }
    if (e.event === 'fortunes_of_war') {
      ['a', 'b'].forEach(function (side, k) {
        remove(cup, (e.blocked[k] || []).map(function (n) { return 'event ' + n + ' (' + side + ')'; }));
      });
      remove(cup, (e.unplayed || []).map(String));
    }
    if (e.event === 'division_return' && e.returned) { cup.push(e.division + ' (' + e.side + ')'); }
    if (e.event === 'activation') { active[e.brigade] = (active[e.brigade] || 0) + 1; if (last) { now = e.brigade; } }
  });
  function side(s) {
    return brigades[s].map(function (b) {
      var n = active[b] || 0;
      return { text: b + (n > 1 ? ' x' + n : ''), mark: b === now ? 'now' : (n > 0 ? s : 'out') };
    });
  }
  return [
    { label: 'in the cup (' + cup.length + ')', items: chips(cup) },
    { label: 'drawn this turn', items: drawn },
    { label: "a's brigades", items: side('a') },
    { label: "b's brigades", items: side('b') },
    { label: 'key', items: [{ text: 'activated', mark: 'a' }, { text: 'not yet', mark: 'out' }, { text: 'this event', mark: 'now' }] }
  ];
};
