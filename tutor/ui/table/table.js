// The practice table. `data` (built by tutor/ui/table/__init__.py) is the state after the
// learner's last action plus `anim`: the events since, played one by one (each card flies
// from its seat to the centre, a complete trick stays with its winner lit, then goes to the
// winner). A click on the felt, the Skip button or Esc plays the rest at once. Clicks go
// back to Python as the trigger `action` ({kind, card|id|step, nonce}).
//
// Every card shown on the table is logged in `.tt-log` (`li[data-deal][data-trick][data-seat]
// [data-card]`, then `li[data-gathered]` when the trick goes): tests read from the DOM that
// every card of a trick appeared before it was gathered.

const OFFSETS = {
  3: { you: [0, 0.62], right: [0.8, -0.3], left: [-0.8, -0.3] },
  4: { you: [0, 0.7], right: [1.2, 0], across: [0, -0.7], left: [-1.2, 0] },
  5: {
    you: [0, 0.72], right: [1.45, 0.05], across_right: [0.68, -0.68],
    across_left: [-0.68, -0.68], left: [-1.45, 0.05],
  },
};
const TEXT_FIELD = /^(input|textarea|select)$/i;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector('.tt');
  if (!root || !data || !Array.isArray(data.seats)) return undefined;
  const S = parentElement.__tt || (parentElement.__tt = {
    played: new Set(), skip: false, running: null, token: 0, showLast: false,
  });
  S.data = data;
  S.root = root;
  S.parent = parentElement;
  S.send = (action) => setTriggerValue('action', { ...action, nonce: Date.now() + Math.random() });
  const reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const part = (name) => root.querySelector('.tt-' + name);

  // --- drawing the state ----------------------------------------------------------------
  const focusWas = (() => {
    const active = parentElement.activeElement;
    if (active && active.dataset && active.dataset.card) {
      const all = Array.from(root.querySelectorAll('.tt-card'));
      return { card: active.dataset.card, index: all.indexOf(active) };
    }
    return null;
  })();
  if (data.mode === 'review' && root.dataset.mode !== 'review') {
    // the review is played on this table: bring it into view (the score is below it)
    // (again once the page below has been redrawn shorter)
    const bring = () => root.scrollIntoView({ block: 'start', behavior: 'instant' });
    setTimeout(bring, 0);
    setTimeout(bring, 400);
  }
  root.className = 'tt tt-players-' + data.players;
  root.dataset.mode = data.mode;
  root.dataset.deal = String(data.deal);
  root.dataset.state = data.state_key || '';
  root.style.setProperty('--ms', (reduced ? 0 : data.speed_ms) + 'ms');

  const bar = part('bar');
  bar.replaceChildren(...data.bar.map((text, i) => el(i === 0 ? 'b' : 'span', '', text)));

  const felt = part('felt');
  felt.setAttribute('aria-label', data.labels.table);
  const seatBox = {};
  felt.querySelectorAll('.tt-seat').forEach((node) => node.remove());
  data.seats.forEach((seat, index) => {
    const box = el('div', 'tt-seat');
    box.dataset.pos = seat.key;
    box.dataset.seat = String(index);
    box.dataset.turn = seat.turn ? 'true' : 'false';
    box.append(el('span', 'tt-name', seat.name), el('span', 'tt-tags', seat.tags),
      el('span', 'tt-bid', seat.bid), el('span', 'tt-won', seat.won));
    felt.append(box);
    seatBox[index] = box;
  });
  const center = part('center');
  const setCenter = (cards, winner) => {
    center.replaceChildren();
    cards.forEach((c) => {
      const node = placeCard(c.seat, c.card);
      if (winner !== null && winner !== undefined && c.seat === winner) node.classList.add('win');
    });
    drawStrip();
  };
  const offset = (seat) => {
    const key = data.seats[seat].key;
    const [x, y] = OFFSETS[data.players][key];
    const cw = parseFloat(getComputedStyle(root).getPropertyValue('--cw')) || 60;
    return [x * cw, y * cw * 1.56];
  };
  function placeCard(seat, card) {
    const node = el('div', 'tt-played');
    node.dataset.card = card;
    node.dataset.seat = String(seat);
    node.setAttribute('role', 'img');
    node.tabIndex = 0;  // every card on the table can be reached and read out
    node.setAttribute('aria-label', data.seats[seat].name + ': ' + (data.names[card] || card));
    node.innerHTML = data.faces[card] || '';
    const [x, y] = offset(seat);
    node.style.transform = `translate(${x}px, ${y}px)`;
    center.append(node);
    return node;
  }
  function drawStrip() {
    const strip = part('strip');
    strip.replaceChildren();
    const info = data.strip;
    if (!info || center.children.length) return;
    strip.append(el('div', '', info.label));
    const row = el('div', 'tt-row');
    if (info.backs) {
      for (let i = 0; i < info.backs; i += 1) row.append(el('div', 'tt-back'));
    }
    (info.cards || []).forEach((code) => {
      const node = el(info.kind ? 'button' : 'div', 'tt-small');
      node.dataset.card = code;
      node.innerHTML = data.faces[code] || '';
      node.setAttribute('aria-label', data.names[code] || code);
      if (!info.kind) { node.setAttribute('role', 'img'); node.tabIndex = 0; }
      if (info.kind) node.addEventListener('click', () => S.send({ kind: info.kind, card: code }));
      row.append(node);
    });
    strip.append(row);
  }

  // last trick: tap the pile to look at it again
  const pile = part('pile');
  pile.hidden = !data.last;
  if (data.last) {
    pile.textContent = S.showLast ? data.labels.back_to_table : data.labels.last_trick;
    pile.setAttribute('aria-pressed', S.showLast ? 'true' : 'false');
  }
  pile.onclick = () => {
    S.showLast = !S.showLast;
    showFinal();
    pile.textContent = S.showLast ? data.labels.back_to_table : data.labels.last_trick;
  };
  const skip = part('skip');
  skip.textContent = data.labels.skip;
  skip.onclick = (event) => { event.stopPropagation(); S.skip = true; };
  felt.onclick = (event) => {
    if (root.dataset.animating === 'true' && event.target !== pile) S.skip = true;
  };

  const coach = part('coach');
  const coachBox = part('coach-box');
  const lines = (data.coach && data.coach.lines) || [];
  coach.hidden = lines.length === 0;
  coachBox.hidden = lines.length === 0 || !S.coachOpen;
  if (lines.length) {
    coach.textContent = (S.coachOpen ? '▾ ' : '▸ ') + data.coach.label;
    coach.setAttribute('aria-expanded', S.coachOpen ? 'true' : 'false');
    coachBox.replaceChildren(...lines.map((line) => el('p', '', line)));
  }
  coach.onclick = (event) => {
    event.stopPropagation();
    S.coachOpen = !S.coachOpen;
    coachBox.hidden = !S.coachOpen;
    coach.textContent = (S.coachOpen ? '▾ ' : '▸ ') + data.coach.label;
    coach.setAttribute('aria-expanded', S.coachOpen ? 'true' : 'false');
  };

  part('prompt-text').textContent = data.prompt || '';
  const notice = part('notice');
  notice.textContent = data.notice || '';

  const actions = part('actions');
  actions.replaceChildren(...(data.actions || []).map((action) => {
    const button = el('button', 'tt-action' + (action.primary ? ' primary' : ''), action.label);
    button.type = 'button';
    button.dataset.action = action.id;
    if (action.advice) button.dataset.advice = 'true';
    if (action.help) button.title = action.help;
    button.addEventListener('click', () => S.send({ kind: 'action', id: action.id }));
    return button;
  }));

  const ecart = part('ecart');
  ecart.replaceChildren();
  if (data.ecart) {
    ecart.append(el('span', '', data.ecart.label));
    const row = el('div', 'tt-row');
    data.ecart.cards.forEach((code) => {
      const node = el('button', 'tt-small');
      node.type = 'button';
      node.dataset.card = code;
      node.innerHTML = data.faces[code] || '';
      node.setAttribute('aria-label', data.ecart.take_back + ': ' + (data.names[code] || code));
      node.addEventListener('click', () => S.send({ kind: 'take_back', card: code }));
      row.append(node);
    });
    ecart.append(row);
  }

  const hand = part('hand');
  hand.setAttribute('aria-label', data.labels.hand);
  const buttons = data.hand.map((card) => {
    const button = el('button', 'tt-card');
    button.type = 'button';
    button.dataset.card = card.card;
    button.dataset.playable = card.playable ? 'true' : 'false';
    if (card.chien) button.dataset.chien = 'true';
    button.setAttribute('aria-label', card.label);
    button.title = card.label;
    button.innerHTML = data.faces[card.card] || '';
    button.addEventListener('click', () => {
      if (root.dataset.animating === 'true') { S.skip = true; return; }
      if (data.hand_action) S.send({ kind: data.hand_action, card: card.card });
    });
    return button;
  });

  function layout() {
    const width = root.clientWidth || parentElement.host?.clientWidth || 700;
    const rect = root.getBoundingClientRect();
    const main = document.querySelector('[data-testid="stMain"]') || document.scrollingElement;
    const top = rect.top + (main ? main.scrollTop : 0);
    let height = Math.max(400, Math.min(window.innerHeight - Math.max(top, 0) - 10, 980));
    if (data.mode === 'finished' || data.mode === 'redeal') {
      // the score is read below the table: leave room for it
      height = Math.max(360, Math.min(height, window.innerHeight * 0.62));
    }
    root.style.setProperty('--tt-h', height + 'px');
    const n = Math.max(buttons.length, 1);
    // one row while each card shows at least half its width at a readable size, else two
    const rows = n > 1 && (width - 4) / (0.5 * (n - 1) + 1) < 52 ? 2 : 1;
    const perRow = Math.ceil(n / rows);
    const hw = Math.max(40, Math.min(84, height / (rows === 2 ? 11 : 7.5),
      (width - 4) / (0.5 * (perRow - 1) + 1)));
    let step = perRow > 1 ? (width - hw - 4) / (perRow - 1) : hw;
    step = Math.min(step, hw * 0.72);
    root.style.setProperty('--hw', hw + 'px');
    root.style.setProperty('--step', step + 'px');
    const rowsNow = Array.from(hand.children);
    if (rowsNow.length !== rows || hand.__cards !== buttons) {
      hand.replaceChildren();
      for (let r = 0; r < rows; r += 1) {
        const row = el('div', 'tt-hand-row');
        row.setAttribute('role', 'group');
        buttons.slice(r * perRow, (r + 1) * perRow).forEach((b) => row.append(b));
        hand.append(row);
      }
      hand.__cards = buttons;
    }
    const fw = felt.clientWidth || width;
    const fh = felt.clientHeight || 300;
    const seatRoom = data.players === 5 ? 120 : 92;
    const cw = Math.max(34, Math.min(88, (fh - seatRoom) / (1.56 * 2.5), (fw - 150) / 3.9));
    root.style.setProperty('--cw', cw + 'px');
    center.querySelectorAll('.tt-played').forEach((node) => {
      const [x, y] = offset(Number(node.dataset.seat));
      if (!node.classList.contains('flying')) node.style.transform = `translate(${x}px, ${y}px)`;
    });
  }
  layout();
  if (!S.resize) {
    S.resize = () => S.layout && S.layout();
    window.addEventListener('resize', S.resize);
  }
  S.layout = layout;

  if (focusWas) {
    const same = buttons.find((b) => b.dataset.card === focusWas.card);
    const target = same || buttons[Math.min(Math.max(focusWas.index, 0), buttons.length - 1)];
    if (target) target.focus({ preventScroll: true });
  }

  // --- the final state and the animation ---------------------------------------------------
  function showFinal(ended) {
    if (ended) {
      data.seats.forEach((seat, i) => { seatBox[i].querySelector('.tt-won').textContent = seat.won; });
    }
    felt.querySelectorAll('.tt-seat').forEach((box, i) => {
      box.dataset.winner = String(data.winner === i && !S.showLast);
    });
    if (S.showLast && data.last) setCenter(data.last.cards, data.last.winner);
    else setCenter(data.trick, data.winner);
    part('msg').textContent = data.message || '';
  }

  const log = part('log');
  const note = (attrs) => {
    const item = el('li');
    Object.entries(attrs).forEach(([k, v]) => { item.dataset[k] = String(v); });
    log.append(item);
  };
  S.showFinal = showFinal;
  if (!S.keydown) {
    S.keydown = (event) => onKey(S, event);
    document.addEventListener('keydown', S.keydown);
  }
  const anim = data.anim || { key: '', events: [], before: [] };
  const fresh = anim.events.length > 0 && !S.played.has(anim.key);
  if (!fresh) {
    if (!S.running) showFinal();
    return undefined;
  }
  S.played.add(anim.key);
  const previous = S.running;
  S.token += 1;
  const token = S.token;
  S.showLast = false;
  const ms = reduced ? 0 : data.speed_ms;
  const wait = (t) => new Promise((resolve) => {
    if (S.skip || t <= 0) { resolve(); return; }
    const started = Date.now();
    const tick = () => {
      if (S.skip || Date.now() - started >= t) resolve();
      else setTimeout(tick, 30);
    };
    setTimeout(tick, Math.min(t, 30));
  });
  root.dataset.animating = 'true';
  if (previous) S.skip = true;
  const run = async () => {
    if (previous) {  // the sequence before this one is played out at once, then this one
      S.skip = true;
      await previous;
    }
    S.skip = false;
    // what the seats showed before these events: bids not yet made, tricks not yet won
    const won = data.seats.map((seat) => seat.won_count);
    anim.events.forEach((e) => {
      if (e.kind === 'bid') seatBox[e.seat].querySelector('.tt-bid').textContent = '';
      if (e.kind === 'trick') won[e.seat] -= 1;
    });
    const showWon = (seat) => {
      seatBox[seat].querySelector('.tt-won').textContent =
        won[seat] > 0 ? data.labels.tricks_won.replace('{n}', won[seat]) : '';
    };
    data.seats.forEach((_, i) => showWon(i));
    part('msg').textContent = '';
    setCenter(anim.before, null);
    for (const e of anim.events) {
      const box = seatBox[e.seat];
      if (e.kind === 'play') {
        const node = placeCard(e.seat, e.card);
        part('strip').replaceChildren();
        if (ms > 0 && !S.skip) {
          const [x, y] = offset(e.seat);
          const c = center.getBoundingClientRect();
          const b = box.getBoundingClientRect();
          const fromX = b.left + b.width / 2 - c.left;
          const fromY = b.top + b.height / 2 - c.top;
          node.classList.add('flying');
          node.style.transition = 'none';
          node.style.transform = `translate(${fromX}px, ${fromY}px) scale(0.6)`;
          node.getBoundingClientRect();
          node.style.transition = '';
          node.style.transform = `translate(${x}px, ${y}px)`;
          await wait(ms);
          node.classList.remove('flying');
        }
        node.dataset.landed = 'true';
        note({ deal: data.deal, trick: e.trick, seat: e.seat, card: e.card });
        await wait(ms * 0.35);
      } else if (e.kind === 'trick') {
        const winner = center.querySelector(`.tt-played[data-seat="${e.seat}"]`);
        if (winner) winner.classList.add('win');
        box.dataset.winner = 'true';
        note({ deal: data.deal, won: e.trick, seat: e.seat });
        await wait(ms > 0 ? ms * 3 + 300 : 0);
        if (ms > 0 && !S.skip) {
          const c = center.getBoundingClientRect();
          const b = box.getBoundingClientRect();
          center.querySelectorAll('.tt-played').forEach((node) => {
            node.style.transform = `translate(${b.left + b.width / 2 - c.left}px, ${b.top + b.height / 2 - c.top}px) scale(0.4)`;
            node.classList.add('gone');
          });
          await wait(ms);
        }
        center.replaceChildren();
        box.dataset.winner = 'false';
        won[e.seat] += 1;
        showWon(e.seat);
        note({ deal: data.deal, gathered: e.trick, seat: e.seat });
      } else {
        if (e.kind === 'bid') box.querySelector('.tt-bid').textContent = e.text;
        else part('msg').textContent = e.text;
        box.classList.remove('pulse');
        box.getBoundingClientRect();
        box.classList.add('pulse');
        note({ deal: data.deal, event: e.kind, seat: e.seat });
        await wait(e.kind === 'bid' ? ms * 1.6 : ms * 4);
        if (e.kind !== 'bid') part('msg').textContent = '';
      }
    }
  };
  S.running = run().finally(() => {
    if (token !== S.token) return;  // a newer sequence follows: it draws the end
    S.running = null;
    S.skip = false;
    root.dataset.animating = 'false';
    S.showFinal(true);
  });
  return undefined;
}

function onKey(S, event) {
  const data = S.data;
  if (!data) return;
  const host = document.activeElement;
  if (host && (TEXT_FIELD.test(host.tagName) || host.isContentEditable)) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const root = S.root;
  if (event.key === 'Escape') {
    if (root && root.dataset.animating === 'true') { S.skip = true; event.preventDefault(); }
    return;
  }
  if ((event.key === 'n' || event.key === 'N') && !event.shiftKey) {
    event.preventDefault();
    S.send({ kind: 'new' });
    return;
  }
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const forward = event.key === 'ArrowRight';
  if (data.mode === 'review') {
    event.preventDefault();
    S.send({ kind: 'review', step: forward ? 1 : -1 });
    return;
  }
  if (!root) return;
  const cards = Array.from(root.querySelectorAll('.tt-card'));
  const playable = cards.filter((b) => b.dataset.playable === 'true');
  const ring = playable.length ? playable : cards;
  if (!ring.length) return;
  event.preventDefault();
  const now = ring.indexOf(S.parent.activeElement);
  const next = now < 0 ? (forward ? 0 : ring.length - 1)
    : (now + (forward ? 1 : -1) + ring.length) % ring.length;
  ring[next].focus({ preventScroll: true });
}

