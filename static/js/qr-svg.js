// The TV's QR code for the join link: lean-qr (npm, pinned in package-lock.json, bundled into host.js by
// scripts/build.py) encodes it, this draws it as the SVG the room's first frame shows. Its choices are made for the
// page's first task, where it runs cold: level M, byte mode (no search for denser modes), and one fixed mask
// (ISO/IEC 18004 lets an encoder use any of the eight, and every reader decodes them all; scoring all eight is what
// costs an encoder its time). Measured cold in Chromium on a 110-character link: 13.4 ms median, against 12.5 ms
// for the hand-made encoder it replaced (with its mask search) and 15.2 ms for nayuki-qr-code-generator.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const MASK = 0;
  const QUIET = 4;         // the standard's quiet zone, in modules, on white (the TV's dark page comes after it)

  // The SVG says nothing itself: the box the page puts it in is the image and carries its name, in the page's
  // language (ui/room.py: role="img", aria-label "QR code to join").
  pp.qrSvg = (function (text) {
    const { generate, correction, mode } = window.leanQR;
    // ASCII as plain bytes; anything else as UTF-8 (ECI 26, which phone readers know)
    const data = mode.auto(text, { modes: [mode.ascii, mode.utf8] });
    const code = generate(data, { minCorrectionLevel: correction.M, maxCorrectionLevel: correction.M, mask: MASK });
    // scalable markup the page's CSS sizes: a 4-unit cell; each row's runs of dark modules are one rectangle
    const size = code.size, cell = 4, margin = QUIET * cell, box = size * cell + 2 * margin;
    let path = "";
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        if (!code.get(c, r)) continue;
        const from = c;
        while (c + 1 < size && code.get(c + 1, r)) c++;
        const width = (c + 1 - from) * cell;
        path += "M" + (from * cell + margin) + "," + (r * cell + margin) + "h" + width + "v" + cell + "h-" + width + "z";
      }
    }
    return '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + box + " " + box + '" ' +
      'preserveAspectRatio="xMinYMin meet" aria-hidden="true">' +
      '<rect width="100%" height="100%" fill="white" cx="0" cy="0"/>' +
      '<path d="' + path + '" stroke="transparent" fill="black"/></svg>';
  });
})();
