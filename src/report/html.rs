//! `report.html`: the run's report as one file a person opens in any
//! browser, offline: `report.md` made into HTML with its plots inline, and
//! for each metric of interest a few example games of the reference
//! variant (its lowest, a typical and its highest game among the first
//! games of the run) whose events step forward and back. Everything is in
//! the file: no network, no external script, style or font; the tables
//! and the events read without JavaScript, which only adds the stepping.

use super::examples::Example;
use crate::error::Result;
use crate::experiment::Experiment;
use crate::output::OutputDir;
use std::fmt::Write as _;

pub fn write_html(
    out: &mut OutputDir,
    experiment: &Experiment,
    examples: &[Example],
) -> Result<()> {
    let markdown = out.read_back("report.md")?;
    let mut body = String::new();
    let mut lines = markdown.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(title) = line.strip_prefix("# ") {
            let _ = writeln!(body, "<h1>{}</h1>", inline(title));
        } else if let Some(title) = line.strip_prefix("## ") {
            let _ = writeln!(body, "<h2>{}</h2>", inline(title));
        } else if let Some(title) = line.strip_prefix("### ") {
            let _ = writeln!(body, "<h3>{}</h3>", inline(title));
        } else if line.starts_with('|') {
            let mut rows = vec![line];
            while let Some(next) = lines.next_if(|l| l.starts_with('|')) {
                rows.push(next);
            }
            table(&mut body, &rows);
        } else if let Some(image) = image(line) {
            figure(&mut body, out, image)?;
        } else if let Some(item) = line.strip_prefix("- ") {
            let _ = writeln!(body, "<ul>");
            let _ = writeln!(body, "<li>{}</li>", inline(item));
            while let Some(next) = lines.next_if(|l| l.starts_with("- ")) {
                let _ = writeln!(body, "<li>{}</li>", inline(&next[2..]));
            }
            let _ = writeln!(body, "</ul>");
        } else if !line.trim().is_empty() {
            let _ = writeln!(body, "<p>{}</p>", inline(line));
        }
    }
    games(&mut body, experiment, examples);
    let title = escape(
        markdown
            .lines()
            .next()
            .unwrap_or("report")
            .trim_start_matches("# "),
    );
    let picture = experiment.system.picture().unwrap_or("");
    let script = SCRIPT.replace("  /* the system's picture */", picture);
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n\
         <script>{script}</script>\n</body>\n</html>\n"
    );
    crate::output::write_text(out, "report.html", &page)
}

/// The file of a Markdown image line (`![alt](file.svg)`).
fn image(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("![")?;
    let (alt, rest) = rest.split_once("](")?;
    let file = rest.strip_suffix(')')?;
    Some((alt, file))
}

/// A plot, inline: the SVG the run wrote beside the report.
fn figure(body: &mut String, out: &OutputDir, (alt, file): (&str, &str)) -> Result<()> {
    let svg = out.read_back(file)?;
    let start = svg.find("<svg").unwrap_or(0);
    let _ = writeln!(
        body,
        "<figure role=\"img\" aria-label=\"{}\">{}<figcaption>{}</figcaption></figure>",
        escape(alt),
        &svg[start..],
        escape(alt)
    );
    Ok(())
}

fn table(body: &mut String, rows: &[&str]) {
    let cells = |row: &str| -> Vec<String> {
        row.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| inline(c.trim()))
            .collect()
    };
    let _ = writeln!(body, "<div class=\"table\"><table>");
    let mut rest = rows.iter();
    if let Some(head) = rest.next() {
        let _ = write!(body, "<thead><tr>");
        for cell in cells(head) {
            let _ = write!(body, "<th>{cell}</th>");
        }
        let _ = writeln!(body, "</tr></thead><tbody>");
    }
    for row in rest.filter(|r| !r.starts_with("|---") && !r.starts_with("| ---")) {
        let _ = write!(body, "<tr>");
        for cell in cells(row) {
            let _ = write!(body, "<td>{cell}</td>");
        }
        let _ = writeln!(body, "</tr>");
    }
    let _ = writeln!(body, "</tbody></table></div>");
}

/// The example games: for each metric, a trace per game that reads as a
/// numbered list and, with JavaScript, steps event by event.
fn games(body: &mut String, experiment: &Experiment, examples: &[Example]) {
    if examples.is_empty() {
        return;
    }
    let _ = writeln!(body, "<h2 id=\"examples\">Example games</h2>");
    let _ = writeln!(
        body,
        "<p>For each metric of interest, games of the reference variant ({}) among the first {} of the run: the lowest and highest value of the metric and a typical one (nearest the median). Each is played again from its seed and index alone, as <code>fortunes replay</code> does; step through its events with the buttons or the arrow keys.</p>",
        escape(&experiment.variants[experiment.reference].label),
        examples[0].pool
    );
    let mut metric = "";
    for (i, example) in examples.iter().enumerate() {
        if example.metric != metric {
            metric = &example.metric;
            let _ = writeln!(body, "<h3>{}</h3>", escape(metric));
        }
        let _ = writeln!(
            body,
            "<section class=\"game\"><h4>{}: game {} ({} {})</h4>\n<p><code>{}</code></p>",
            escape(example.role),
            example.game,
            escape(&example.series),
            escape(&example.value),
            escape(&example.command)
        );
        match &example.replay {
            Err(reason) => {
                let _ = writeln!(body, "<p>No trace: {}</p></section>", escape(reason));
            }
            Ok(replay) => {
                let _ = writeln!(
                    body,
                    "<div class=\"trace\" id=\"trace-{i}\" data-system=\"{}\" data-events=\"{}\">",
                    experiment.system.name(),
                    replay.events.len()
                );
                // The events as data, for the picture drawn beside the
                // cursor; `</` is escaped so no event can end the script.
                let json = format!("[{}]", replay.events.json.join(",")).replace("</", "<\\/");
                let _ = writeln!(
                    body,
                    "<script type=\"application/json\" class=\"data\">{json}</script>\n<div class=\"picture\" hidden></div>"
                );
                let _ = writeln!(
                    body,
                    "<div class=\"controls\" hidden><button type=\"button\" class=\"prev\">&larr; back</button> <button type=\"button\" class=\"next\">forward &rarr;</button> <span class=\"at\"></span></div>"
                );
                let _ = writeln!(body, "<ol class=\"events\">");
                for line in &replay.events.lines {
                    let _ = writeln!(body, "<li>{}</li>", escape(line));
                }
                let _ = writeln!(body, "</ol>");
                for row in &replay.records {
                    let cells: Vec<String> = row.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    let _ = writeln!(
                        body,
                        "<p class=\"record\">record: {}</p>",
                        escape(&cells.join(" ").replace('"', ""))
                    );
                }
                let _ = writeln!(body, "</div></section>");
            }
        }
    }
}

/// Markdown's inline code and bold, the rest escaped.
fn inline(text: &str) -> String {
    let mut html = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(html, "<code>{}</code>", escape(part));
        } else {
            for (j, plain) in part.split("**").enumerate() {
                if j % 2 == 1 {
                    let _ = write!(html, "<strong>{}</strong>", escape(plain));
                } else {
                    html.push_str(&escape(plain));
                }
            }
        }
    }
    html
}

pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1d2126;background:#fafafa}
main{max-width:72rem;margin:0 auto;padding:1rem 2rem 4rem}
h1{font-size:1.8rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccd}h4{margin:.5rem 0}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;background:#eef;padding:0 .2em}
.table{overflow-x:auto}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem}
th,td{border:1px solid #ccd;padding:.2rem .5rem;text-align:left}
td{font-variant-numeric:tabular-nums}th{background:#eef}
figure{margin:1rem 0;background:#fff;border:1px solid #ddd;display:inline-block;max-width:100%}
figure svg{max-width:100%;height:auto;display:block}
figcaption{font-size:.8rem;color:#555;padding:.2rem .5rem}
.game{background:#fff;border:1px solid #ddd;padding:.5rem 1rem;margin:1rem 0}
.events{position:relative;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85rem;max-height:24rem;overflow-y:auto;padding-left:4em}
.events li.now{background:#ffe9a8}
.events li.after{color:#aaa}
.record{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8rem;color:#444}
.controls{margin:.5rem 0}.controls button{font-size:1rem;margin-right:.3rem}
.picture{border:1px solid #ddd;background:#fcfcf7;padding:.4rem .6rem;margin:.4rem 0;font-size:.85rem}
.lane{display:flex;align-items:center;min-height:1.9rem;position:relative}
.lane .label{width:9rem;flex:none;color:#555}
.lane .items{position:relative;flex:1;min-height:1.7rem}
.chip{display:inline-block;border:1px solid #99a;border-radius:3px;padding:0 .3rem;margin:.1rem .15rem;background:#fff;font-family:ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}
.field .chip{position:absolute;top:0;transform:translateX(-50%)}
.field .items{border-bottom:1px dashed #bbb}
.chip.now{background:#ffe9a8;border-color:#c90}
.chip.out{color:#aaa;border-style:dashed}
.chip.hurt{background:#fde2e2;border-color:#c55}
.chip.a{border-color:#2a6fdb}.chip.b{border-color:#d9480f}
";

/// Stepping through a trace: the event at the cursor is marked, the ones
/// after it greyed. `#selftest` in the address steps the first trace and
/// writes the outcome to `data-selftest` on the body, for the browser test.
const SCRIPT: &str = r#"
(function () {
  var errors = [];
  // How each system's state looks at an event, rebuilt from the events up
  // to it (a display of the trace, not the game's own state): lanes of
  // chips, placed along the field where they have a position (`at`).
  function remove(list, cards) {
    cards.forEach(function (c) { var i = list.indexOf(c); if (i >= 0) { list.splice(i, 1); } });
  }
  function chips(list, mark) { return list.map(function (c) { return { text: c, mark: mark || '' }; }); }
  var PICTURES = {};
  /* the system's picture */
  function draw(box, lanes) {
    var placed = [];
    lanes.forEach(function (l) { l.items.forEach(function (i) { if (typeof i.at === 'number') { placed.push(i.at); } }); });
    var lo = Math.min.apply(null, placed), hi = Math.max.apply(null, placed);
    box.textContent = '';
    lanes.forEach(function (lane) {
      var row = document.createElement('div');
      row.className = 'lane' + (lane.field ? ' field' : '');
      var label = document.createElement('span');
      label.className = 'label';
      label.textContent = lane.label;
      var items = document.createElement('span');
      items.className = 'items';
      var placedChips = [];
      lane.items.forEach(function (item) {
        var chip = document.createElement('span');
        chip.className = 'chip ' + (item.mark || '');
        chip.textContent = item.text;
        if (item.title) { chip.title = item.title; }
        if (lane.field && typeof item.at === 'number') {
          chip.style.left = (hi > lo ? 6 + 88 * (item.at - lo) / (hi - lo) : 50) + '%';
          placedChips.push(chip);
        }
        items.appendChild(chip);
      });
      row.appendChild(label);
      row.appendChild(items);
      box.appendChild(row);
      // Chips that would overlap go to the next level down, so none
      // hides another (measured once the row is laid out).
      var ends = [];
      placedChips
        .map(function (c) { return { chip: c, from: c.offsetLeft - c.offsetWidth / 2, to: c.offsetLeft + c.offsetWidth / 2 }; })
        .sort(function (x, y) { return x.from - y.from; })
        .forEach(function (p) {
          var level = 0;
          while (level < ends.length && ends[level] > p.from - 4) { level++; }
          ends[level] = p.to;
          p.chip.style.top = level * 1.6 + 'rem';
        });
      if (lane.field) { items.style.minHeight = (Math.max(1, ends.length) * 1.6 + 0.4) + 'rem'; }
    });
  }
  window.addEventListener('error', function (e) { errors.push(String(e.message)); });
  function setUp(trace) {
    var items = trace.querySelectorAll('.events li');
    var controls = trace.querySelector('.controls');
    var at = trace.querySelector('.at');
    var cursor = 0;
    var data = trace.querySelector('.data');
    var events = data ? JSON.parse(data.textContent) : [];
    var picture = trace.querySelector('.picture');
    var pictured = PICTURES[trace.getAttribute('data-system')];
    if (picture && pictured) { picture.hidden = false; }
    function show() {
      if (picture && pictured) { draw(picture, pictured(events.slice(0, cursor + 1))); }
      for (var i = 0; i < items.length; i++) {
        items[i].className = i === cursor ? 'now' : (i > cursor ? 'after' : '');
      }
      at.textContent = 'event ' + (cursor + 1) + ' of ' + items.length;
      var list = trace.querySelector('.events');
      var item = items[cursor];
      if (item && (item.offsetTop < list.scrollTop || item.offsetTop > list.scrollTop + list.clientHeight - 20)) {
        list.scrollTop = item.offsetTop - list.clientHeight / 2;
      }
    }
    function step(by) {
      cursor = Math.max(0, Math.min(items.length - 1, cursor + by));
      show();
    }
    trace.querySelector('.prev').addEventListener('click', function () { step(-1); });
    trace.querySelector('.next').addEventListener('click', function () { step(1); });
    trace.tabIndex = 0;
    trace.addEventListener('keydown', function (e) {
      if (e.key === 'ArrowRight') { step(1); e.preventDefault(); }
      if (e.key === 'ArrowLeft') { step(-1); e.preventDefault(); }
    });
    for (var i = 0; i < items.length; i++) {
      (function (i) { items[i].addEventListener('click', function () { cursor = i; show(); }); })(i);
    }
    controls.hidden = false;
    show();
    return { at: function () { return at.textContent; }, now: function () { return trace.querySelector('li.now'); } };
  }
  var traces = document.querySelectorAll('.trace');
  var first = null;
  for (var i = 0; i < traces.length; i++) {
    var t = setUp(traces[i]);
    if (!first) { first = { trace: traces[i], view: t }; }
  }
  if (location.hash === '#selftest') {
    var outcome = 'ok';
    if (!first) {
      outcome = 'fail: no trace';
    } else {
      var next = first.trace.querySelector('.next'), prev = first.trace.querySelector('.prev');
      next.click(); next.click(); next.click(); prev.click();
      var items = first.trace.querySelectorAll('.events li');
      var expected = 'event 3 of ' + items.length;
      if (first.view.at() !== expected) { outcome = 'fail: at "' + first.view.at() + '", expected "' + expected + '"'; }
      else if (first.view.now() !== items[2]) { outcome = 'fail: the marked event is not the third'; }
      else { prev.click(); prev.click(); prev.click();
        if (first.view.at() !== 'event 1 of ' + items.length) { outcome = 'fail: back past the first event'; } }
      next.click(); next.click();
      var system = first.trace.getAttribute('data-system');
      if (PICTURES[system] && !first.trace.querySelector('.picture .chip')) { outcome = 'fail: no picture of ' + system; }
    }
    if (document.querySelectorAll('table').length === 0) { outcome = 'fail: no table'; }
    if (errors.length) { outcome = 'fail: ' + errors.join('; '); }
    document.body.setAttribute('data-selftest', outcome);
  }
})();
"#;
