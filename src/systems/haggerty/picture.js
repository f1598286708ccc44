// The picture report.html draws of a haggerty game at the cursor, rebuilt
// from the events up to it (docs/replay.md): lanes of chips, placed along
// the field where they have a position. Runs inside the page's script,
// which gives `PICTURES`, `remove` and `chips`.
  PICTURES.haggerty = function (events) {
    var hands = { a: [], b: [] }, table = { a: [], b: [] }, round = null, first = '', pile = '';
    events.forEach(function (e) {
      if (e.round !== undefined && e.round !== round) { table = { a: [], b: [] }; round = e.round; first = ''; }
      if (e.event === 'refill') { hands[e.seat] = e.hand.slice(); pile = e.pile; }
      if ((e.event === 'reveal' || e.event === 'chain') && e.card) { remove(hands[e.seat], [e.card]); table[e.seat].push(e.card); }
      if (e.event === 'initiative') { first = e.first; }
      if (e.event === 'turn_end') { table = { a: [], b: [] }; }
    });
    return [
      { label: "a's hand", items: chips(hands.a, 'a') },
      { label: 'a plays' + (first === 'a' ? ' (first)' : ''), items: chips(table.a, 'now') },
      { label: 'b plays' + (first === 'b' ? ' (first)' : ''), items: chips(table.b, 'now') },
      { label: "b's hand", items: chips(hands.b, 'b') },
      { label: 'draw pile', items: pile === '' ? [] : [{ text: pile + ' cards', mark: '' }] }
    ];
  };
