// The picture report.html draws of a haggis game at the cursor, rebuilt
// from the events up to it (docs/replay.md): lanes of chips, placed along
// the field where they have a position. Runs inside the page's script,
// which gives `PICTURES`, `remove` and `chips`.
  PICTURES.haggis = function (events) {
    var hands = { a: [], b: [] }, trick = [], scores = [0, 0], captured = { a: 0, b: 0 };
    events.forEach(function (e) {
      if (e.event === 'deal') { scores = e.scores; captured = { a: 0, b: 0 }; trick = []; }
      if (e.event === 'hand') { hands[e.seat] = e.cards.concat(e.wilds); }
      if (e.event === 'play') { remove(hands[e.seat], e.cards); trick.push({ text: e.seat + ': ' + e.cards.join(' '), mark: e.seat }); }
      if (e.event === 'pass') { trick.push({ text: e.seat + ' passes', mark: 'out' }); }
      if (e.event === 'trick') { trick = []; captured[e.taker] += e.points; }
      if (e.event === 'round_end' || e.event === 'game_end') { scores = e.scores; }
    });
    return [
      { label: "a's hand", items: chips(hands.a, 'a') },
      { label: 'this trick', items: trick },
      { label: "b's hand", items: chips(hands.b, 'b') },
      { label: 'captured / scores', items: [{ text: 'a ' + captured.a + ' / ' + scores[0] }, { text: 'b ' + captured.b + ' / ' + scores[1] }] }
    ];
  };
