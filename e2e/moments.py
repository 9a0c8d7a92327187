"""Reading a moment (issue 30, ui/html.py beat/passing) off a real page: the animations the browser runs for it,
as document.getAnimations() lists them, and waiting until they are done."""

# every animation whose element is inside the moment's element: what it shows, when it starts, how long it runs
READ = """sel => document.getAnimations().filter(a => a.effect && a.effect.target && a.effect.target.closest(sel))
  .map(a => { const el = a.effect.target, t = a.effect.getTiming(), cell = el.closest('td, th');
    return {name: a.animationName, text: el.textContent.trim(), delay: t.delay, duration: t.duration,
            column: cell ? cell.cellIndex : -1, state: a.playState}; })"""

DONE = """sel => Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.target && a.effect.target.closest(sel)).map(a => a.finished)).then(() => true)"""

# what a person sees of the moment's parts once it is over: beats fully there, passing captions gone
SEEN = """sel => ({
  beats: Array.from(document.querySelectorAll(sel + ' .beat')).map(e => getComputedStyle(e).opacity),
  captions: Array.from(document.querySelectorAll(sel + ' .beat-pass')).map(
    e => getComputedStyle(e).display === 'none' ? 'none' : getComputedStyle(e).opacity)})"""


def animations(page, selector):
    return page.evaluate(READ, selector)


def wait_done(page, selector):
    page.evaluate(DONE, selector)


def seen(page, selector):
    return page.evaluate(SEEN, selector)


def ends_ms(anims):
    """When the last of the moment's animations ends, from the moment's start."""
    return max(a["delay"] + a["duration"] for a in anims)


def timeline(anims):
    """(delay, name, text) in the order they start: what a sequence shows, comparable between two showings."""
    return sorted((a["delay"], a["name"], a["text"]) for a in anims)
