// The analysis boards of damka's reports (package report, board.go): each
// div.ab steps through a game. The page carries the moves, not the
// positions: a move (data-m) is its squares in the variant's names,
// separated by "-" (a quiet move) or ":" or "x" (a capture, every landing
// square), with "*" when a man becomes a king. The script plays them from
// the start (data-start, a FEN), finds the pieces a capture takes on its
// legs, and draws every position on a copy of its variant's empty board
// (template#ab-VARIANT, as package diagram draws it; -flip: turned round).
// The board shown carries its position's FEN in data-fen, written as damka
// writes FENs (the template's data-order is the FEN's order of squares).
// No network, no eval, text only through textContent. ASCII only: the
// page's Content-Security-Policy allows this script by its hash.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg', U = 40;
  var COLORS = {played: '#d9480f', best: '#1e8a3c', written: '#c92a2a', repair: '#1d5fd1', move: '#1d5fd1'};
  var geos = {}, byGame = {}, current = null;

  function svg(tag, attrs, parent) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, cls, parent, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  // geo reads a variant's board template: the centre of every square by
  // name, the square at every centre, the FEN order.
  function geo(variant, flip) {
    var id = 'ab-' + variant + (flip ? '-flip' : '');
    if (geos[id]) return geos[id];
    var t = document.getElementById(id);
    if (!t) return null;
    var g = {svg: t.content.querySelector('svg'), xy: {}, at: {}, order: t.getAttribute('data-order').split(' ')};
    t.content.querySelectorAll('rect.square').forEach(function (r) {
      var x = +r.getAttribute('x') + U / 2, y = +r.getAttribute('y') + U / 2, n = r.getAttribute('data-square');
      g.xy[n] = [x, y];
      g.at[x + ',' + y] = n;
    });
    geos[id] = g;
    return g;
  }

  // A position: the side to move ("W" or "B") and the pieces by square:
  // w, b (men), W, B (kings).
  function parseFEN(fen) {
    var parts = fen.split(':'), p = {side: parts[0], sq: {}};
    for (var i = 1; i < parts.length; i++) {
      var c = parts[i].charAt(0).toLowerCase();
      parts[i].slice(1).split(',').forEach(function (t) {
        if (t.charAt(0) === 'K') p.sq[t.slice(1)] = c.toUpperCase();
        else if (t) p.sq[t] = c;
      });
    }
    return p;
  }
  function fen(p, g) {
    var out = p.side;
    ['w', 'b'].forEach(function (c) {
      var list = [];
      g.order.forEach(function (n) {
        var x = p.sq[n];
        if (x && x.toLowerCase() === c) list.push((x === c ? '' : 'K') + n);
      });
      out += ':' + c.toUpperCase() + list.join(',');
    });
    return out;
  }

  function parseMove(code) {
    var king = code.slice(-1) === '*';
    if (king) code = code.slice(0, -1);
    return {path: code.split(/[-:x]/), king: king, capture: /[:x]/.test(code), text: code};
  }

  // taken is what capture m takes in p: on each leg, the first piece of
  // the other side between its two squares.
  function taken(p, m, g) {
    var caps = [], me = (p.sq[m.path[0]] || '').toLowerCase();
    if (!m.capture) return caps;
    for (var i = 1; i < m.path.length; i++) {
      var a = g.xy[m.path[i - 1]], b = g.xy[m.path[i]];
      if (!a || !b) continue;
      var dx = Math.sign(b[0] - a[0]) * U, dy = Math.sign(b[1] - a[1]) * U;
      for (var x = a[0] + dx, y = a[1] + dy, k = 0; (x !== b[0] || y !== b[1]) && k < 24; x += dx, y += dy, k++) {
        var n = g.at[x + ',' + y], q = n && p.sq[n];
        if (q && q.toLowerCase() !== me && caps.indexOf(n) < 0) {
          caps.push(n);
          break;
        }
      }
    }
    return caps;
  }

  function play(p, m, g) {
    var q = {side: p.side === 'W' ? 'B' : 'W', sq: Object.assign({}, p.sq)};
    var from = m.path[0], to = m.path[m.path.length - 1], pc = p.sq[from];
    taken(p, m, g).forEach(function (n) { delete q.sq[n]; });
    delete q.sq[from];
    if (pc) q.sq[to] = m.king ? pc.toUpperCase() : pc;
    return q;
  }

  // piece and arrow draw as package diagram does.
  function piece(parent, pc, n, at) {
    var black = pc.toLowerCase() === 'b', king = pc !== pc.toLowerCase();
    var gp = svg('g', {'class': 'piece ' + (black ? 'black' : 'white') + (king ? ' king' : ' man'), 'data-square': n}, parent);
    var fill = black ? '#262626' : '#fbf8f2', stroke = black ? '#000000' : '#3b3b3b', ring = black ? '#6a6a6a' : '#9a9a9a';
    svg('circle', {cx: at[0], cy: at[1], r: 15.5, fill: fill, stroke: stroke, 'stroke-width': 1.5}, gp);
    svg('circle', {cx: at[0], cy: at[1], r: 10.5, fill: 'none', stroke: ring, 'stroke-width': 1.2}, gp);
    if (king) {
      var pts = [[-8, 5], [-8, -4], [-4, 0], [0, -7], [4, 0], [8, -4], [8, 5]].map(function (c) { return (at[0] + c[0]) + ',' + (at[1] + c[1]); });
      svg('polygon', {'class': 'crown', points: pts.join(' '), fill: '#e0a800', stroke: '#7a5600', 'stroke-width': 1, 'stroke-linejoin': 'round'}, gp);
    }
  }
  function r2(x) { return Math.round(x * 100) / 100; }
  function arrow(parent, a, g, caps) {
    var pts = [];
    a.m.path.forEach(function (n) { if (g.xy[n]) pts.push(g.xy[n]); });
    if (!pts.length) return;
    var color = COLORS[a.kind] || COLORS.move;
    var ga = svg('g', {'class': 'arrow ' + a.kind, 'data-move': a.m.text, 'data-path': a.m.path.join(' '), fill: color, stroke: color, opacity: 0.82}, parent);
    svg('title', {}, ga).textContent = a.kind + ': ' + a.m.text;
    caps.forEach(function (n) {
      var c = g.xy[n];
      if (c) svg('path', {'class': 'captured', 'data-square': n, d: 'M' + (c[0] - 7) + ' ' + (c[1] - 7) + 'L' + (c[0] + 7) + ' ' + (c[1] + 7) + 'M' + (c[0] + 7) + ' ' + (c[1] - 7) + 'L' + (c[0] - 7) + ' ' + (c[1] + 7), fill: 'none', 'stroke-width': 4, 'stroke-linecap': 'round'}, ga);
    });
    if (pts.length === 1) {
      svg('circle', {cx: pts[0][0], cy: pts[0][1], r: 17, fill: 'none', 'stroke-width': 4}, ga);
      return;
    }
    var played = a.kind === 'played', head = played ? 15 : 14, half = played ? 10 : 8.5, width = played ? 8.5 : 5.5;
    var last = pts[pts.length - 1], prev = pts[pts.length - 2];
    var dx = last[0] - prev[0], dy = last[1] - prev[1], l = Math.hypot(dx, dy) || 1, ux = dx / l, uy = dy / l;
    var tip = [last[0] - ux * 4, last[1] - uy * 4], base = [tip[0] - ux * head, tip[1] - uy * head];
    var line = pts.slice(0, -1).concat([base]).map(function (p) { return r2(p[0]) + ',' + r2(p[1]); }).join(' ');
    var attrs = {points: line, fill: 'none', 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round'};
    if (a.kind === 'written' || a.kind === 'repair') attrs['stroke-dasharray'] = '9 6';
    svg('polyline', attrs, ga);
    svg('polygon', {'class': 'head', stroke: 'none', points: [tip, [base[0] - uy * half, base[1] + ux * half], [base[0] + uy * half, base[1] - ux * half]].map(function (p) { return r2(p[0]) + ',' + r2(p[1]); }).join(' ')}, ga);
  }

  // score writes an evaluation as the page does: data-e leaves out the
  // plus sign (which HTML attributes escape).
  function score(s) { return /^[0-9]/.test(s) && s !== '0.00' ? '+' + s : s.replace('-', '\u2212'); }
  function sideName(s) { return s === 'W' ? 'White' : 'Black'; }

  // label is a move with its number: "17. c3-d4", "17... f6-g5".
  function label(cell) {
    var li = cell.parentNode, num = li.querySelector('.num'), cells = li.querySelectorAll('.mv');
    var n = num ? num.textContent.replace(/\.$/, '') : '';
    return n + (cells[0] === cell ? '. ' : '... ') + cell.firstChild.textContent;
  }

  function Board(root) {
    var b = this;
    b.root = root;
    b.game = root.getAttribute('data-game');
    b.variant = root.getAttribute('data-variant');
    b.geo = geo(b.variant, false);
    b.flip = false;
    b.fig = root.querySelector('.ab-board');
    b.info = root.querySelector('.ab-info');
    b.startCell = root.querySelector('a.mv.start');
    b.pos = [parseFEN(root.getAttribute('data-start'))];
    b.plies = [];
    root.querySelectorAll('a.mv[data-m]').forEach(function (cell) {
      var d = cell.dataset, pl = {cell: cell, m: parseMove(d.m), e: d.e ? d.e.split(' ') : null, worst: d.w};
      pl.cls = [].filter.call(cell.classList, function (c) { return c !== 'mv' && c !== 'cur'; })[0] || '';
      if (d.pm) {
        pl.pv = d.pm.split(' ').map(parseMove);
        var texts = d.pv ? d.pv.split(' ') : [];
        pl.pv.forEach(function (m, i) { if (texts[i]) m.text = texts[i]; });
      }
      if (d.bm) {
        pl.best = parseMove(d.bm);
        if (d.b) pl.best.text = d.b;
      } else if (pl.pv) pl.best = pl.pv[0];
      b.pos.push(play(b.pos[b.pos.length - 1], pl.m, b.geo));
      b.plies.push(pl);
    });
    // data-x: arrows to draw on positions instead of the moves', "PLY
    // KIND MOVE;..." (check); KIND "-": no arrow.
    b.extra = {};
    (root.getAttribute('data-x') || '').split(';').forEach(function (x) {
      var f = x.split(' '), list = b.extra[f[0]] = b.extra[f[0]] || [];
      if (f.length === 3 && f[1] !== '-') list.push({kind: f[1], m: parseMove(f[2])});
    });
    var art = root.closest('article');
    b.graph = art && art.querySelector('svg.graph');
    if (b.graph) {
      var pts = b.graph.querySelector('polyline.curve').points;
      b.gn = pts.numberOfItems - 1;
      b.gw = pts.getItem(b.gn).x;
      b.cursor = svg('line', {'class': 'cursor', y1: 0, y2: b.graph.viewBox.baseVal.height, stroke: '#ffd43b', 'stroke-width': 2}, b.graph);
      b.graph.addEventListener('click', function (ev) {
        if (ev.target.closest('a')) return;
        var pt = b.graph.createSVGPoint();
        pt.x = ev.clientX;
        pt.y = ev.clientY;
        var x = pt.matrixTransform(b.graph.getScreenCTM().inverse()).x;
        current = b;
        b.go(Math.round(x / b.gw * b.gn));
      });
    }
    root.addEventListener('click', function (ev) {
      var t = ev.target.closest('button');
      if (!t) return;
      current = b;
      var go = t.getAttribute('data-go');
      if (go === 'start') b.go(0);
      else if (go === 'prev') b.step(-1);
      else if (go === 'next') b.step(1);
      else if (go === 'end') b.go(b.plies.length);
      else if (go === 'flip') {
        b.flip = !b.flip;
        t.setAttribute('aria-pressed', String(b.flip));
        b.render();
      } else if (go === 'back') b.go(b.ply);
      else if (t.hasAttribute('data-k')) b.enter(+t.getAttribute('data-k'));
    });
    root.addEventListener('keydown', function (ev) {
      if (b.key(ev.key)) ev.preventDefault();
    });
    byGame[b.game] = b;
    b.ply = Math.min(+root.getAttribute('data-open') || 0, b.plies.length);
    b.line = null;
    b.render();
  }

  Board.prototype.go = function (ply) {
    this.line = null;
    this.ply = Math.max(0, Math.min(ply, this.plies.length));
    this.render();
  };
  Board.prototype.step = function (d) {
    var l = this.line;
    if (!l) return this.go(this.ply + d);
    if (l.k + d < 0) return this.go(this.ply);
    l.k = Math.min(l.k + d, l.moves.length - 1);
    this.render();
  };
  // enter shows the best line of the ply shown, after its move k (from 0).
  Board.prototype.enter = function (k) {
    var pl = this.plies[this.ply - 1];
    if (!pl || !pl.pv) return;
    var pos = [this.pos[this.ply - 1]];
    for (var i = 0; i < pl.pv.length; i++) pos.push(play(pos[i], pl.pv[i], this.geo));
    this.line = {moves: pl.pv, pos: pos, k: Math.max(0, Math.min(k, pl.pv.length - 1))};
    this.render();
  };
  Board.prototype.key = function (k) {
    switch (k) {
      case 'ArrowLeft': this.step(-1); return true;
      case 'ArrowRight': this.step(1); return true;
      case 'Home': this.go(0); return true;
      case 'End': this.go(this.plies.length); return true;
      case 'Escape': if (!this.line) return false; this.go(this.ply); return true;
      case 'f': case 'F': this.root.querySelector('[data-go=flip]').click(); return true;
    }
    return false;
  };

  Board.prototype.render = function () {
    var b = this, l = b.line, pos, arrows = [], title;
    var pl = b.plies[b.ply - 1];
    if (l) {
      pos = l.pos[l.k + 1];
      arrows.push({kind: 'best', m: l.moves[l.k], before: l.pos[l.k]});
      title = 'Best line instead of ' + label(pl.cell) + ', move ' + (l.k + 1) + ' of ' + l.moves.length + ': ' + l.moves[l.k].text;
    } else {
      pos = b.pos[b.ply];
      title = b.ply ? 'After ' + label(pl.cell) : 'Start';
      if (pl) {
        arrows.push({kind: 'played', m: pl.m, before: b.pos[b.ply - 1]});
        if (pl.best) arrows.push({kind: 'best', m: pl.best, before: b.pos[b.ply - 1]});
      }
      if (b.extra[b.ply]) arrows = b.extra[b.ply].map(function (a) { return {kind: a.kind, m: a.m, before: pos}; });
    }
    var g = geo(b.variant, b.flip), f = fen(pos, b.geo), s = g.svg.cloneNode(true);
    s.setAttribute('data-fen', f);
    s.querySelector('title').textContent = 'Game ' + b.game + ': ' + title + '; ' + sideName(pos.side) + ' to move';
    s.querySelector('desc').textContent = 'FEN ' + f + '.' + arrows.map(function (a) { return ' Arrow (' + a.kind + '): ' + a.m.text + '.'; }).join('');
    var gp = s.querySelector('g.pieces');
    b.geo.order.forEach(function (n) { if (pos.sq[n]) piece(gp, pos.sq[n], n, g.xy[n]); });
    if (arrows.length) {
      var ga = svg('g', {'class': 'arrows'}, s);
      arrows.forEach(function (a) { arrow(ga, a, g, taken(a.before, a.m, b.geo)); });
    }
    b.fig.replaceChildren(s);
    b.root.setAttribute('data-ply', b.ply);
    if (l) b.root.setAttribute('data-line', l.k + 1);
    else b.root.removeAttribute('data-line');

    // The move shown in the list, kept in view when the list scrolls.
    var old = b.root.querySelector('.mv.cur');
    if (old) {
      old.classList.remove('cur');
      old.removeAttribute('aria-current');
    }
    b.cell = pl ? pl.cell : b.startCell;
    if (b.cell) {
      b.cell.classList.add('cur');
      b.cell.setAttribute('aria-current', 'step');
      b.reveal();
    }
    if (b.cursor) {
      b.cursor.style.display = b.ply <= b.gn ? '' : 'none';
      var x = b.gn ? r2(b.gw * Math.min(b.ply, b.gn) / b.gn) : 0;
      b.cursor.setAttribute('x1', x);
      b.cursor.setAttribute('x2', x);
    }
    // The panel is written anew: a focus in it goes to its new button of
    // the best line shown, or to the board.
    var had = b.info && b.info.contains(document.activeElement);
    b.describe(pos);
    if (had) {
      var k = l ? b.info.querySelector('button[aria-current]') : null;
      (k || b.root).focus({preventScroll: true});
    }
  };

  // reveal scrolls the move list, when it scrolls, to the move shown.
  Board.prototype.reveal = function () {
    var cell = this.cell, ol = cell && cell.closest('ol');
    if (!ol || ol.scrollHeight <= ol.clientHeight + 2) return;
    var top = cell.offsetTop;
    if (top < ol.scrollTop || top > ol.scrollTop + ol.clientHeight - 24) ol.scrollTop = top - ol.clientHeight / 2;
  };

  // describe writes the panel under the board: the move, its class, the
  // evaluations, the best move and the best line.
  Board.prototype.describe = function (pos) {
    var b = this, info = b.info, pl = b.plies[b.ply - 1], l = b.line;
    if (!info) return;
    info.replaceChildren();
    if (b.extra[b.ply] && !l) html('p', 'ab-error', info, 'The position before the failing move, with the error\'s arrows.');
    var p = html('p', 'ab-move', info);
    if (!pl) {
      p.textContent = 'Start: ' + sideName(pos.side) + ' to move.';
      return;
    }
    html('strong', '', p, (l ? 'Best line instead of ' : '') + label(pl.cell));
    if (pl.cls && !l) {
      p.appendChild(document.createTextNode(' '));
      html('span', 'badge ' + pl.cls, p, pl.cls.replace('_', ' '));
    }
    if (pl.e && !l) {
      var dl = html('dl', '', info);
      html('dt', '', dl, 'Evaluation');
      html('dd', '', dl, score(pl.e[0]) + ' \u2192 ' + score(pl.e[1]) + ' (for the side that moved)');
      if (pl.best) {
        html('dt', '', dl, 'Best');
        html('span', 'key best', html('dd', '', dl), pl.best.text);
      }
    }
    if (pl.pv) {
      var lp = html('p', 'ab-line', info);
      html('span', 'ab-label', lp, l ? 'Move ' + (l.k + 1) + ' of ' + pl.pv.length + ': ' : 'Best line: ');
      pl.pv.forEach(function (m, i) {
        var bt = html('button', 'pv-move', lp, m.text);
        bt.type = 'button';
        bt.setAttribute('data-k', i);
        bt.setAttribute('aria-label', 'Best line, move ' + (i + 1) + ': ' + m.text);
        if (l && l.k === i) bt.setAttribute('aria-current', 'step');
      });
      if (l) {
        var back = html('button', 'back', lp, 'Back to the game');
        back.type = 'button';
        back.setAttribute('data-go', 'back');
      }
    }
    if (pl.worst && !l) {
      var a = html('a', '', html('p', '', info), 'Worst move ' + pl.worst.slice(1) + ' of the run');
      a.href = '#' + pl.worst;
    }
  };

  // open shows the position of an address, #game-N-ply-M, on game N's
  // board; from, the element that asked, is left where it is when it is
  // near the board (in the board's game or card), else the board is
  // brought into view.
  function open(hash, from) {
    var mt = /^#game-([0-9]+)-ply-([0-9]+)$/.exec(hash || '');
    var b = mt && byGame[mt[1]];
    if (!b) return false;
    current = b;
    b.go(+mt[2]);
    var near = from && from.closest('article.game, li.card');
    if (!near || near !== b.root.closest('article.game, li.card')) b.root.scrollIntoView({block: 'start'});
    if (!b.root.contains(from)) b.root.focus({preventScroll: true});
    return true;
  }

  document.querySelectorAll('div.ab').forEach(function (root) { new Board(root); });
  document.addEventListener('click', function (ev) {
    var a = ev.target.closest('a');
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    var href = a.getAttribute('href') || '';
    if (!open(href, a)) return;
    ev.preventDefault();
    try {
      history.replaceState(null, '', href);
    } catch (e) {
      // A page opened from disk may not change its address: the board
      // has moved all the same.
    }
  });
  document.addEventListener('keydown', function (ev) {
    if (current && ev.target === document.body && /^(ArrowLeft|ArrowRight|Escape)$/.test(ev.key) && current.key(ev.key)) ev.preventDefault();
  });
  window.addEventListener('resize', function () {
    for (var g in byGame) byGame[g].reveal();
  });
  window.addEventListener('hashchange', function () { open(location.hash, null); });
  open(location.hash, null);
})();
