// The picture report.html draws of a piquet game at the cursor, rebuilt
// from the events up to it (docs/replay.md): lanes of chips, placed along
// the field where they have a position. Runs inside the page's script,
// which gives `PICTURES`, `remove` and `chips`.
PICTURES.piquet = function (events) {
  var regiments = {}, order = [], ip = {}, now = {}, ground = [];
  function key(side, name) { return side + ':' + name; }
  events.forEach(function (e, i) {
    var last = i === events.length - 1;
    if (e.event === 'objective') { ground.push(e); }
    if (e.event === 'obstacle') { ground.push({ objective: e.obstacle, kind: e.kind, from: e.at, to: e.at, obstacle: true }); }
    if (e.event === 'regiment') {
      regiments[key(e.side, e.regiment)] = { side: e.side, name: e.regiment, at: e.at, y: e.y, frontage: e.frontage, deployment: e.deployment, elan: e.elan, status: 'ordered', loaded: e.loaded };
      order.push(key(e.side, e.regiment));
    }
    var r = e.regiment !== undefined && e.side !== undefined ? regiments[key(e.side, e.regiment)] : null;
    if (r) {
      if (e.event === 'moves') { r.at = e.to; if (e.y_to !== undefined) { r.y = e.y_to; } }
      if (e.event === 'status') { r.status = e.to; }
      if (e.event === 'deploys') { r.deployment = e.to; r.frontage = e.frontage; }
      if ((e.event === 'hit' || e.event === 'rally') && typeof e.elan === 'number') { r.elan = e.elan; }
      if (e.event === 'volley' || e.event === 'unloaded') { r.loaded = false; }
      if (e.event === 'reload' && e.reloaded) { r.loaded = true; }
      if (last) { now[key(e.side, e.regiment)] = true; }
    }
    if (last && e.event === 'engagement_begins') { now[key('a', e.a)] = true; now[key('b', e.b)] = true; }
    if (last && e.event === 'skirmishers_cast') { now[key(e.side === 'a' ? 'b' : 'a', e.skirmishers)] = true; }
    if (typeof e.ip === 'number' && e.side !== undefined) { ip[e.side] = e.ip; }
  });
  // Marks of a deployment other than formed.
  var DEPLOYED = { prepared: ' ▣', skirmish: ' ⁘' };
  function lane(side) {
    return {
      label: 'side ' + side + (ip[side] !== undefined ? ' (' + ip[side] + ' IP)' : ''),
      field: true,
      items: order.filter(function (k) { return regiments[k].side === side; }).map(function (k) {
        var r = regiments[k];
        var hurt = /shaken|defeated/.test(r.status);
        return {
          text: r.name + ' ' + r.elan + (r.loaded ? ' •' : '') + (DEPLOYED[r.deployment] || ''),
          at: r.at,
          mark: now[k] ? 'now' : (r.status === 'removed' ? 'out' : (hurt ? 'hurt' : side)),
          title: r.status + ', Elan ' + r.elan + ', ' + (r.loaded ? 'loaded' : 'unloaded') + ', at ' + r.at + '"' + (r.y ? ', ' + r.y + '" across' : '') + ', ' + r.frontage + '" wide' + (r.deployment && r.deployment !== 'formed' ? ', ' + (r.deployment === 'prepared' ? 'Prepared to Receive Cavalry' : 'in skirmish order') : '')
        };
      })
    };
  }
  // The terrain objectives, each drawn at its middle, named with its
  // stretch, and the bridges and gates at their places.
  var terrain = ground.length === 0 ? [] : [{
    label: 'ground',
    field: true,
    items: ground.map(function (o) {
      var title = o.obstacle ? o.kind + ' at ' + o.from + '", an obstacle' : o.kind + ' from ' + o.from + '" to ' + o.to + '"';
      return { text: o.objective + ' (' + o.kind + ')', at: (o.from + o.to) / 2, title: title };
    })
  }];
  return terrain.concat([lane('a'), lane('b'), { label: 'key', items: [{ text: 'name Elan, • loaded, ▣ prepared to receive cavalry, ⁘ skirmish order' }, { text: 'shaken / defeated', mark: 'hurt' }, { text: 'removed', mark: 'out' }, { text: 'this event', mark: 'now' }] }]);
};
