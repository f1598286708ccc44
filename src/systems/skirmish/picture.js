// The picture report.html draws of a skirmish game at the cursor, rebuilt
// from the events up to it (docs/replay.md): lanes of chips, placed along
// the field where they have a position. Runs inside the page's script,
// which gives `PICTURES`, `remove` and `chips`.
PICTURES.skirmish = function (events) {
  var men = {}, order = [], now = {};
  events.forEach(function (e, i) {
    var last = i === events.length - 1;
    if (e.event === 'man') { men[e.man] = { side: e.side, at: e.position, state: 'fighting', wounded: false }; order.push(e.man); }
    // The attacking side moves as one line.
    if (e.event === 'advance') {
      order.forEach(function (m) { var x = men[m]; if (x.side === e.side && x.state === 'fighting') { x.at = e.to; if (last) { now[m] = true; } } });
    }
    if (e.event === 'status' && men[e.man]) { men[e.man].state = e.state; men[e.man].wounded = e.wounded; if (last) { now[e.man] = true; } }
    if (last) { ['shooter', 'target', 'attacker', 'defender', 'man'].forEach(function (k) { if (e[k] && men[e[k]]) { now[e[k]] = true; } }); }
  });
  function lane(side) {
    return {
      label: 'side ' + side,
      field: true,
      items: order.filter(function (m) { return men[m].side === side; }).map(function (m) {
        var x = men[m];
        return {
          text: m + (x.wounded ? ' w' : ''),
          at: x.at,
          mark: now[m] ? 'now' : (/dead|gone/.test(x.state) ? 'out' : (x.state === 'fighting' ? side : 'hurt')),
          title: x.state + (x.wounded ? ', wounded' : '') + ', at ' + x.at + '"'
        };
      })
    };
  }
  return [lane('a'), lane('b'), { label: 'key', items: [{ text: 'fighting', mark: 'a' }, { text: 'running', mark: 'hurt' }, { text: 'dead or gone', mark: 'out' }, { text: 'this event', mark: 'now' }] }];
};
