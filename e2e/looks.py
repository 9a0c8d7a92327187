"""What a guest would see wrong on a page where it stands (issue 38): LOOK, a script for page.evaluate(LOOK, main)
that returns the problems, each a sentence: the page wider than its viewport; a word broken across two lines
(each drawn text node's words measured glyph by glyph with a Range: a word whose rects sit on two lines;
a space, a hyphen, a slash, a comma or a middle dot is where a line may end); a text cut short at its start
rather than its end (CUT_AT_START); and, given a selector `main`, the first drawn match starting below the fold. e2e/test_guest_walk.py walks whole games with it; e2e/test_tv_fit.py
lays out the TV's lobby of twelve long names with it."""

# A text too long for its box ends in an ellipsis at its end, in a room of either direction: "Maximilia…", never
# "…iana Ortega-V". In a right-to-left page a Latin name laid out in its face's element overflows on the left, its
# start, unless the name is an isolate of its own direction. (root) => a sentence per box whose first drawn text
# starts outside it (a face's initial is not the text).
CUT_AT_START = """(root) => Array.from(root.querySelectorAll('*')).filter((el) => {
    if (el.scrollWidth <= el.clientWidth + 1 || el.closest('details:not([open]) > :not(summary), [hidden]')) return false;
    const style = getComputedStyle(el);
    return (style.overflowX === 'hidden' || style.overflowX === 'clip') && style.visibility === 'visible' &&
      style.clipPath !== 'inset(50%)' && el.getBoundingClientRect().width > 2;
  }).flatMap((el) => {
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent.search(/\\S/);
      if (at < 0 || node.parentElement.closest('.face')) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const r = range.getBoundingClientRect();
      if (r.width > 0.5 && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
        return ['"' + node.textContent.trim().slice(0, 24) + '" is cut at its start (' + el.tagName.toLowerCase() +
                '.' + (el.getAttribute('class') || '') + ': its first letter at ' + Math.round(r.left) + '..' +
                Math.round(r.right) + ' px, the box ' + Math.round(box.left) + '..' + Math.round(box.right) + ' px, ' +
                style.direction + ')'];
      return [];
    }
    return [];
  })"""

LOOK = (
    """(main) => {
  window.scrollTo(0, 0);
  const out = [];
  const width = document.scrollingElement.scrollWidth;
  if (width > innerWidth) {
    // the deepest elements past the right edge: what widens the page
    const past = Array.from(document.querySelectorAll('body *')).filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
      .slice(-3).map((el) => el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') + ' to ' +
                     Math.round(el.getBoundingClientRect().right));
    out.push('the page is ' + width + ' px wide in a ' + innerWidth + ' px viewport (' + past.join(', ') + ')');
  }
  const hidden = (el) => el.closest('details:not([open]) > :not(summary), [hidden], script, style, template, dialog:not([open])');
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const words = /[^\\s\\-\\u2010-\\u2014\\/\\u00b7|,]{2,}/g;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || hidden(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) continue;               // visually hidden, for a screen reader
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible' || style.display === 'none') continue;
    for (const m of node.textContent.matchAll(words)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
      if (rects.length < 2) continue;
      const tops = rects.map((r) => r.top);
      if (Math.max(...tops) - Math.min(...tops) > Math.min(...rects.map((r) => r.height)) / 2)
        out.push('"' + m[0] + '" is broken across lines (' + el.tagName.toLowerCase() + '.' +
                 (el.getAttribute('class') || '') + ')');
    }
  }
  out.push(...("""
    + CUT_AT_START
    + """)(document.body));
  if (main) {
    const el = Array.from(document.querySelectorAll(main)).find((e) => e.getBoundingClientRect().height > 0);
    if (!el) out.push('no main action (' + main + ') on the screen');
    else {
      const r = el.getBoundingClientRect();
      if (r.top > innerHeight - 20) out.push('the main action (' + main + ') starts at ' + Math.round(r.top) +
                                             ' px, below the ' + innerHeight + ' px fold');
    }
  }
  return out;
}"""
)

# What the TV shows whole at a guest walk's party size (a few players, long names): who claimed a tile, who is
# guessing, a badge beside a name. A name may end in an ellipsis only where twelve people share the space
# (e2e/test_tv_fit.py) and in the narrow side list, whose names the table shows whole.
WHOLE_ON_TV = ".hh-table .hh-tile .hh-by, .hh-table .hh-guessers li, .badge"

CUT = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((el) => el.getBoundingClientRect().width > 2 && getComputedStyle(el).visibility === 'visible')
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 3)
  .map((el) => '"' + el.textContent.trim() + '" is cut short (' + el.tagName.toLowerCase() + '.' +
               (el.getAttribute('class') || '') + ')')"""

# A late guest scans the TV's QR code across the room during a game or at its results (in for the next game): it
# stays at least a tenth of the screen's height
SMALL_QR = """() => Array.from(document.querySelectorAll(
    '.host-head.phase-playing .join-box .qr, .host-head.phase-over .join-box .qr'))
  .map((el) => el.getBoundingClientRect().width)
  .filter((w) => w > 0 && w < innerHeight / 10)
  .map((w) => 'the QR code is ' + Math.round(w) + ' px wide, too small to scan across a room')"""

# A row of the TV's lists holds what it shows: a badge or a dot past its row's edge is drawn over the panel
ROW_SPILL = """() => Array.from(document.querySelectorAll('.side .person, .people-panel .person'))
  .filter((row) => row.getBoundingClientRect().width > 2)
  .flatMap((row) => Array.from(row.children).filter((el) => el.getBoundingClientRect().width > 2 &&
    el.getBoundingClientRect().right > row.getBoundingClientRect().right + 1)
    .map((el) => '"' + el.textContent.trim() + '" runs past its row (' + (el.getAttribute('class') || '') + ')'))"""

# All of the TV's looks in one round trip: page.evaluate(TV_LOOK, what it must show whole)
TV_LOOK = "(whole) => [].concat((%s)(whole), (%s)(), (%s)())" % (CUT, SMALL_QR, ROW_SPILL)
