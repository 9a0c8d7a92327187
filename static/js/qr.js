// The TV's QR code: our own QR Code encoder (ISO/IEC 18004: byte mode, text as UTF-8, level M, the smallest
// version that fits), drawn as the SVG the room's first frame shows. It runs in the host page's first task, in
// cold (interpreted) JS, so it is written for that: typed arrays, the function patterns drawn once, and the eight
// masks scored twelve modules at a time on 32-bit words (the library it replaced took 40-100 ms there).
//
// Its functions are written `const name = (function name() {...})`: V8 compiles a function in parentheses with its
// script, which for a deferred script (host.js) happens off the main thread while it downloads, instead of at the
// function's first call, in the task that draws the first frame.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});

  // Level M, versions 1-40 (ISO/IEC 18004 Table 9): error correction codewords per block, and blocks. The
  // codewords a version holds follow from the modules its function patterns leave free (rawModules).
  const EC_PER_BLOCK = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
  const BLOCKS = [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21,
    23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];
  const LEVEL_M = 0;          // the error correction level's two bits in the format information

  // GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d); EXP is doubled so a sum of logs needs no mod.
  const EXP = new Uint8Array(512);
  const LOG = new Uint8Array(256);
  for (let i = 0, x = 1; i < 255; i++) {
    EXP[i] = EXP[i + 255] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }

  // Masks are scored on 32-bit words, a lane of a row or column each: lane w of a line holds its positions
  // 12w-10 .. 12w+21 (bit b for position 12w-10+b; light outside the symbol) and scores the twelve from 12w, so
  // what each rule looks at on either side stays inside the word.
  const LANE = 12;
  const LEAD = 10;
  const LANE_BITS = (1 << LANE) - 1;
  const POP = new Uint8Array(1 << LANE);       // bits set, for a lane's twelve
  for (let i = 1; i < POP.length; i++) POP[i] = POP[i >> 1] + (i & 1);

  // The eight data masks (i row, j column). Each repeats every 12 rows and 6 columns, so a mask is kept as its
  // rows' 6-bit patterns (bit j), and as lane words: one per row (by row % 12) and one per column (by column % 6),
  // the same for every lane of the line since 12 is a multiple of both periods.
  const MASK_RULES = [
    (i, j) => (i + j) % 2 === 0,
    (i, j) => i % 2 === 0,
    (i, j) => j % 3 === 0,
    (i, j) => (i + j) % 3 === 0,
    (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
    (i, j) => (i * j) % 2 + (i * j) % 3 === 0,
    (i, j) => ((i * j) % 2 + (i * j) % 3) % 2 === 0,
    (i, j) => ((i + j) % 2 + (i * j) % 3) % 2 === 0,
  ];
  const laneOf = (function laneOf(pattern, period) {
    // a line's repeating pattern (bit p for positions p mod period) as a lane word, whose bit 0 is position -LEAD
    const phase = (period - (LEAD % period)) % period;
    const turned = ((pattern >>> phase) | (pattern << (period - phase))) & ((1 << period) - 1);
    let word = 0;
    for (let at = 0; at < 32; at += period) word |= turned << at;
    return word;
  });

  const MASK_ROWS = [];
  const ROW_LANES = [];
  const COLUMN_LANES = [];
  for (const rule of MASK_RULES) {
    const rows = new Int32Array(12), columns = new Int32Array(6);
    for (let i = 0; i < 12; i++) {
      for (let j = 0; j < 6; j++) {
        if (rule(i, j)) {
          rows[i] |= 1 << j;
          columns[j] |= 1 << i;
        }
      }
    }
    MASK_ROWS.push(rows);
    ROW_LANES.push(rows.map((bits) => laneOf(bits, 6)));
    COLUMN_LANES.push(columns.map((bits) => laneOf(bits, 12)));
  }


  const alignmentCenters = (function alignmentCenters(version) {
    // Annex E: evenly spaced from 6 to the last (size - 7), the step rounded up to even; version 32 is the one
    // version whose table entry is not that rounding.
    if (version === 1) return [];
    const count = Math.floor(version / 7) + 2;
    const last = 4 * version + 10;
    const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2;
    const centers = [6];
    for (let c = last - step * (count - 2); c <= last; c += step) centers.push(c);
    return centers;
  });

  const rawModules = (function rawModules(version) {
    // the modules left for data and error correction once the function patterns are drawn
    const size = 17 + 4 * version;
    const perAxis = version === 1 ? 0 : Math.floor(version / 7) + 2;
    // the alignment patterns, less the three on finders and the parts on the timing lines
    const alignment = perAxis ? 25 * (perAxis * perAxis - 3) - 10 * (perAxis - 2) : 0;
    return size * size - 3 * 64 - 2 * (size - 16) - alignment - 31 - (version >= 7 ? 36 : 0);
  });

  const dataCodewords = (function dataCodewords(version) {
    return (rawModules(version) >> 3) - BLOCKS[version - 1] * EC_PER_BLOCK[version - 1];
  });

  const codewords = (function codewords(bytes) {
    // the version, and its data and error correction codewords, interleaved as they are placed
    const length = bytes.length;
    let version = 1;
    while (4 + (version < 10 ? 8 : 16) + 8 * length > 8 * dataCodewords(version)) {
      if (++version > 40) {
        throw new Error("This text is too long for a QR code: " + length + " bytes in UTF-8, and a " +
          "QR code at level M holds at most " + (dataCodewords(40) - 3) + ".");
      }
    }
    // Byte mode (0100), the count, the bytes: every byte straddles two codewords, four bits in each. The stream
    // then ends four bits short of a boundary, which the terminator's four zeros fill (there is always room).
    const dataCount = dataCodewords(version);
    const data = new Uint8Array(dataCount);
    let o = 0;
    if (version < 10) {
      data[o++] = 0x40 | (length >> 4);
    } else {
      data[o++] = 0x40 | (length >> 12);
      data[o++] = (length >> 4) & 0xff;
    }
    let carry = length & 15;
    for (let i = 0; i < length; i++) {
      data[o++] = (carry << 4) | (bytes[i] >> 4);
      carry = bytes[i] & 15;
    }
    data[o++] = carry << 4;
    for (let pad = 0xec; o < dataCount; pad ^= 0xec ^ 0x11) data[o++] = pad;

    const blocks = BLOCKS[version - 1];
    const ecLength = EC_PER_BLOCK[version - 1];
    const shortLength = Math.floor(dataCount / blocks);
    const firstLong = blocks - (dataCount % blocks);   // the last blocks carry one data codeword more
    const generator = generatorLogs(ecLength);
    const ec = new Uint8Array(blocks * ecLength);
    const division = new Uint8Array(shortLength + 1 + ecLength);
    for (let b = 0, start = 0; b < blocks; b++) {
      // the block times x^ecLength, modulo the generator: long division, the remainder left at its end
      const count = shortLength + (b >= firstLong ? 1 : 0);
      division.fill(0);
      division.set(data.subarray(start, start + count));
      for (let i = 0; i < count; i++) {
        if (!division[i]) continue;
        const f = LOG[division[i]];
        for (let j = 0; j < ecLength; j++) division[i + 1 + j] ^= EXP[f + generator[j]];
      }
      ec.set(division.subarray(count, count + ecLength), b * ecLength);
      start += count;
    }
    const out = new Uint8Array(dataCount + blocks * ecLength);
    o = 0;
    for (let i = 0; i <= shortLength; i++) {
      for (let b = 0; b < blocks; b++) {
        if (i < shortLength || b >= firstLong) out[o++] = data[b * shortLength + Math.max(0, b - firstLong) + i];
      }
    }
    for (let i = 0; i < ecLength; i++) for (let b = 0; b < blocks; b++) out[o++] = ec[b * ecLength + i];
    return { version, codewords: out };
  });

  const generatorLogs = (function generatorLogs(degree) {
    // (x - a^0)(x - a^1)...(x - a^(degree-1)): the coefficients after the leading 1, as logs (for the degrees
    // QR uses, none is zero)
    let poly = [1];
    for (let i = 0; i < degree; i++) {
      const next = new Array(poly.length + 1).fill(0);
      for (let j = 0; j < poly.length; j++) {
        next[j] ^= poly[j];
        if (poly[j]) next[j + 1] ^= EXP[LOG[poly[j]] + i];
      }
      poly = next;
    }
    return Uint8Array.from(poly.slice(1), (c) => LOG[c]);
  });

  const functionPatterns = (function functionPatterns(version) {
    // The modules every symbol of this version shares: `dark` holds the finder, separator, timing and alignment
    // patterns; `fixed` marks them and the format and version areas, which stay light while masks are scored
    // (7.8.3 scores the symbol before the format and version information are added; segno does the same).
    const size = 17 + 4 * version;
    const dark = new Uint8Array(size * size);
    const fixed = new Uint8Array(size * size);
    const set = (r, c, on) => {
      dark[r * size + c] = on ? 1 : 0;
      fixed[r * size + c] = 1;
    };
    for (const [r0, c0] of [[0, 0], [0, size - 7], [size - 7, 0]]) {
      for (let dr = -1; dr <= 7; dr++) {
        for (let dc = -1; dc <= 7; dc++) {
          const r = r0 + dr, c = c0 + dc;
          if (r < 0 || c < 0 || r >= size || c >= size) continue;
          const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));     // 4 is the separator
          set(r, c, ring !== 2 && ring !== 4);
        }
      }
    }
    for (let i = 8; i < size - 8; i++) {
      set(6, i, i % 2 === 0);
      set(i, 6, i % 2 === 0);
    }
    const centers = alignmentCenters(version);
    const last = centers.length - 1;
    centers.forEach((r, ri) => centers.forEach((c, ci) => {
      if ((ri === 0 && (ci === 0 || ci === last)) || (ri === last && ci === 0)) return;   // on a finder
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
      }
    }));
    for (let i = 0; i < 9; i++) {
      if (i !== 6) {
        set(8, i, false);
        set(i, 8, false);
      }
      if (i < 8) {
        set(8, size - 1 - i, false);
        set(size - 1 - i, 8, false);   // i = 7 is the dark module's place, added with the format bits
      }
    }
    if (version >= 7) {
      for (let i = 0; i < 18; i++) {
        set(Math.floor(i / 3), size - 11 + (i % 3), false);
        set(size - 11 + (i % 3), Math.floor(i / 3), false);
      }
    }
    return { version, size, dark, fixed };
  });

  const placeData = (function placeData(symbol, words) {
    // 7.7.3: two-module columns from the right, up then down, skipping the vertical timing line; the bits past
    // the last codeword (the remainder bits) stay light.
    const { size, dark, fixed } = symbol;
    const bits = words.length * 8;
    let n = 0;
    let upward = true;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let step = 0; step < size; step++) {
        const row = upward ? size - 1 - step : step;
        for (let k = row * size + right, c = 0; c < 2; c++, k--) {
          if (fixed[k]) continue;
          if (n < bits) dark[k] = (words[n >>> 3] >>> (7 - (n & 7))) & 1;
          n++;
        }
      }
      upward = !upward;
    }
  });

  const lanes = (function lanes(symbol) {
    // The symbol's lines as lanes, its rows and then its columns: `modules` (the dark ones), `free` (those a mask
    // changes, not fixed), and `inside`, which bits of a lane lie inside the symbol.
    const { size, dark, fixed } = symbol;
    const count = Math.ceil(size / LANE);
    const stride = ((LANE * count + 32) >> 5) + 1;     // a line as plain words, bit j + LEAD for position j
    const plainDark = new Int32Array(2 * size * stride);
    const plainFixed = new Int32Array(2 * size * stride);
    for (let r = 0, k = 0; r < size; r++) {
      const downBit = 1 << ((r + LEAD) & 31), downWord = (r + LEAD) >> 5;
      for (let c = 0; c < size; c++, k++) {
        if (!(dark[k] | fixed[k])) continue;
        const across = r * stride + ((c + LEAD) >> 5), acrossBit = 1 << ((c + LEAD) & 31);
        const down = (size + c) * stride + downWord;
        if (dark[k]) {
          plainDark[across] |= acrossBit;
          plainDark[down] |= downBit;
        }
        if (fixed[k]) {
          plainFixed[across] |= acrossBit;
          plainFixed[down] |= downBit;
        }
      }
    }
    const inside = new Int32Array(count);
    for (let w = 0; w < count; w++) {
      for (let b = 0; b < 32; b++) if (LANE * w - LEAD + b >= 0 && LANE * w - LEAD + b < size) inside[w] |= 1 << b;
    }
    const modules = new Int32Array(2 * size * count);
    const free = new Int32Array(2 * size * count);
    for (let l = 0, i = 0; l < 2 * size; l++) {
      for (let w = 0; w < count; w++, i++) {
        const at = l * stride + ((LANE * w) >> 5), o = (LANE * w) & 31;
        modules[i] = o ? (plainDark[at] >>> o) | (plainDark[at + 1] << (32 - o)) : plainDark[at];
        free[i] = inside[w] & ~(o ? (plainFixed[at] >>> o) | (plainFixed[at + 1] << (32 - o)) : plainFixed[at]);
      }
    }
    return { size, count, inside, modules, free, above: new Int32Array(count) };
  });

  const penalty = (function penalty(lined, mask) {
    // The four rules of 7.8.3 for the symbol under this mask, its format and version areas light: rules 1 and 3
    // along the rows and then the columns, rules 2 and 4 with the rows.
    const { size, count, inside, modules, free, above } = lined;
    const rowMasks = ROW_LANES[mask], columnMasks = COLUMN_LANES[mask];
    let score = 0, dark = 0, blocks = 0;
    for (let l = 0, i = 0; l < 2 * size; l++) {
      const isRow = l < size;
      const maskLane = isRow ? rowMasks[l % 12] : columnMasks[(l - size) % 6];
      for (let w = 0; w < count; w++, i++) {
        const ok = inside[w];
        const a = modules[i] ^ (maskLane & free[i]);
        // rule 1, 3 + (length - 5) for each run of five or more modules of one colour: one for each five alike,
        // two more where a run starts
        const alike = ~(a ^ (a >>> 1)) & ok & (ok >>> 1);
        const five = alike & (alike >>> 1) & (alike >>> 2) & (alike >>> 3);
        score += POP[(five >>> LEAD) & LANE_BITS] + 2 * POP[((five & ~(five << 1)) >>> LEAD) & LANE_BITS];
        // rule 3, 40 for each dark-light-dark-dark-dark-light-dark with four light modules before or after it
        // (outside the symbol is light). Two overlap by 4 or 6 modules at most; then the later one is not
        // counted, as by a scan that resumes after a count.
        const pattern = a & ~(a >>> 1) & (a >>> 2) & (a >>> 3) & (a >>> 4) & ~(a >>> 5) & (a >>> 6);
        if (pattern) {
          const lightBefore = ~((a << 1) | (a << 2) | (a << 3) | (a << 4));
          const lightAfter = ~((a >>> 7) | (a >>> 8) | (a >>> 9) | (a >>> 10));
          const found = pattern & (lightBefore | lightAfter);
          score += 40 * POP[((found & ~((found << 4) | (found << 6))) >>> LEAD) & LANE_BITS];
        }
        if (isRow) {
          dark += POP[(a >>> LEAD) & LANE_BITS];
          if (l) {
            // rule 2, 3 for each 2x2 block of one colour: this row and the one above
            const p = above[w];
            const block = ~(a ^ p) & ~(a ^ (a >>> 1)) & ~(p ^ (p >>> 1)) & ok & (ok >>> 1);
            blocks += POP[(block >>> LEAD) & LANE_BITS];
          }
          above[w] = a;
        }
      }
    }
    const total = size * size;
    // rule 4, 10 for each full 5% the dark share lies away from 50%
    return score + 3 * blocks + 10 * Math.floor(Math.abs(20 * dark - 10 * total) / total);
  });

  const bch = (function bch(data, generator, degree) {
    let rem = data << degree;
    const top = 31 - Math.clz32(generator);
    for (let i = 31 - Math.clz32(rem); i >= top; i--) if ((rem >>> i) & 1) rem ^= generator << (i - top);
    return (data << degree) | rem;
  });

  const addFormatAndVersion = (function addFormatAndVersion(symbol, mask) {
    // into the fixed modules, which the mask leaves alone
    const { version, size, dark: m } = symbol;
    const format = bch((LEVEL_M << 3) | mask, 0x537, 10) ^ 0x5412;
    const f = (i) => (format >>> i) & 1;
    for (let i = 0; i < 6; i++) m[i * size + 8] = f(i);
    m[7 * size + 8] = f(6);
    m[8 * size + 8] = f(7);
    m[8 * size + 7] = f(8);
    for (let i = 9; i < 15; i++) m[8 * size + 14 - i] = f(i);
    for (let i = 0; i < 8; i++) m[8 * size + size - 1 - i] = f(i);
    for (let i = 8; i < 15; i++) m[(size - 15 + i) * size + 8] = f(i);
    m[(size - 8) * size + 8] = 1;                     // the dark module
    if (version < 7) return;
    const info = bch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const on = (info >>> i) & 1, a = size - 11 + (i % 3), b = Math.floor(i / 3);
      m[b * size + a] = on;
      m[a * size + b] = on;
    }
  });

  const masked = (function masked(symbol, mask) {
    // the symbol under the mask, one byte per module
    const { size, dark, fixed } = symbol;
    const patterns = MASK_ROWS[mask];
    const out = new Uint8Array(size * size);
    for (let r = 0, k = 0; r < size; r++) {
      const pattern = patterns[r % 12];
      for (let c = 0, phase = 0; c < size; c++, k++) {
        out[k] = dark[k] ^ ((pattern >>> phase) & (fixed[k] ^ 1) & 1);
        if (++phase === 6) phase = 0;
      }
    }
    return out;
  });

  const encode = (function encode(text) {
    // the symbol as one byte per module (1 dark), row by row, with its version, mask and the masks' penalties
    const { version, codewords: words } = codewords(new TextEncoder().encode(text));
    const symbol = functionPatterns(version);
    placeData(symbol, words);
    const lined = lanes(symbol);
    const penalties = [];
    let best = 0;
    for (let mask = 0; mask < 8; mask++) {
      penalties.push(penalty(lined, mask));
      if (penalties[mask] < penalties[best]) best = mask;
    }
    addFormatAndVersion(symbol, best);
    return { version, mask: best, penalties, size: symbol.size, modules: masked(symbol, best) };
  });

  const QUIET = 4;      // ISO/IEC 18004's quiet zone, in modules
  pp.qrSvg = (function (text) {
    // Scalable markup the page's CSS sizes: a 4-unit cell, and the standard's quiet zone of 4 modules on white
    // (the TV's dark page comes right after it, which a phone's camera must not take for modules). Each row's runs
    // of dark modules are one rectangle.
    const { size, modules } = encode(text);
    const cell = 4, margin = QUIET * cell, box = size * cell + 2 * margin;
    let path = "";
    for (let r = 0; r < size; r++) {
      const row = r * size;
      for (let c = 0; c < size; c++) {
        if (!modules[row + c]) continue;
        const from = c;
        while (c + 1 < size && modules[row + c + 1]) c++;
        const width = (c + 1 - from) * cell;
        path += "M" + (from * cell + margin) + "," + (r * cell + margin) + "h" + width + "v" + cell + "h-" + width + "z";
      }
    }
    return '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + box + " " + box + '" ' +
      'preserveAspectRatio="xMinYMin meet" role="img" aria-labelledby="qrcode-description">' +
      '<description id="qrcode-description">QR code to join</description>' +
      '<rect width="100%" height="100%" fill="white" cx="0" cy="0"/>' +
      '<path d="' + path + '" stroke="transparent" fill="black"/></svg>';
  });

  pp.qrSymbol = encode;      // for tests: version, mask, the eight penalties, the modules
})();
