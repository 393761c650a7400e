// The practice table. `data` (built by tutor/ui/practice/view.py) is the state after the
// learner's last action plus `anim`: the events since, played one by one (each card flies
// from its seat to the centre, a complete trick stays with its winner lit, then goes to the
// winner). A click on the felt, the Skip button or Esc plays the rest at once. Clicks go
// back to Python as the trigger `action` ({kind, card|id|step, seq, nonce}).
//
// A click is acted on exactly once, whenever it is made. The table is drawn with the page's
// sequence number `data.seq` and sends it back with the click: the page applies a click only
// while that number is current (a repeated or stale click is ignored there). A click not
// answered within RESEND_MS is sent again, under the same name (`click`): the page applies a
// name once, so a move through the review (never stale) is not made twice either. A click during
// the animation ends it at once (everything still logged) and is sent; a legal card goes into
// the trick at once, before the page answers; until the answer (a drawing with a higher
// `seq`) the table shows its own move and takes no other click. A drawing older than one
// already shown (a late message; `data.epoch` names the page state the numbers count in) is
// never drawn over a newer one, so nothing snaps back.
//
// Every card shown on the table is logged in `.tt-log` (`li[data-deal][data-trick][data-seat]
// [data-card]`, then `li[data-gathered]` when the trick goes): tests read from the DOM that
// every card of a trick appeared before it was gathered.

const OFFSETS = {
  // no two cards of a trick overlap: a card's height between yours and the others' (0.72 + 0.3)
  3: { you: [0, 0.72], right: [0.8, -0.3], left: [-0.8, -0.3] },
  4: { you: [0, 0.7], right: [1.2, 0], across: [0, -0.7], left: [-1.2, 0] },
  5: {
    // no two cards of a trick overlap: a card's width apart across, or its height down
    you: [0, 0.72], right: [1.7, 0.1], across_right: [0.6, -0.62],
    across_left: [-0.6, -0.62], left: [-1.7, 0.1],
  },
};
const MIN_CARD = 30;  // px: the narrowest card of a trick on the felt
const TEXT_FIELD = /^(input|textarea|select)$/i;
const RESEND_MS = 4000;  // a click not answered by then is sent again (the page ignores a repeat)
const RESENDS = 3;
// The table's memory, per component: kept when Streamlit mounts the element again.
const STATES = new Map();

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector('.tt');
  if (!root || !component.data || !Array.isArray(component.data.seats)) return undefined;
  const id = component.key || '';
  const S = STATES.get(id) || {
    played: new Set(), running: null, finish: null, token: 0, showLast: false, pending: null,
  };
  STATES.set(id, S);
  // a drawing older than the newest shown is a late message: the newest is drawn again
  const stale = S.data && S.data.epoch === component.data.epoch
    && component.data.seq < S.data.seq;
  const data = stale ? S.data : component.data;
  if (S.pending && (data.seq > S.pending.seq || data.epoch !== S.pending.epoch)) {
    S.pending = null;  // the page has answered
  }
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
    strip.classList.toggle('aside', Boolean(info && info.aside));
    if (!info || (center.children.length && !info.aside)) return;
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
      if (info.kind) node.addEventListener('click', () => act({ kind: info.kind, card: code }));
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
  skip.onclick = (event) => { event.stopPropagation(); finishAnimation(); };
  felt.onclick = (event) => { if (event.target !== pile) finishAnimation(); };

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
    if (S.layout) S.layout();  // the words take their room from the felt
  };

  // The hint: asked without waiting for the page's answer (it changes no game and leaves the
  // drawing's number as it is), so a card clicked while it is computed counts; shown only
  // at the decision it was asked at (gone with the learner's move); a click on it hides it.
  // An ask the page has not taken up (no drawing since says the hint is computed or in) is
  // sent again, as a click is; a hint the workers failed or refused (`again`) is asked again
  // by the button.
  const hintButton = part('hint');
  const hintBox = part('hint-box');
  const hint = data.hint;
  const hintKey = data.epoch + ':' + data.seq;
  const sentHere = () => (S.hintSent && S.hintSent.key === hintKey ? S.hintSent : null);
  if (sentHere() && hint && (hint.busy || (hint.text && !hint.again))) S.hintSent.taken = true;
  const drawHint = () => {
    const sent = sentHere();
    const waiting = Boolean(sent && !sent.taken && !sent.dropped);
    const asked = S.hintAsked === hintKey;
    const text = hint && (waiting ? hint.pending
      : hint.text || (asked ? hint.pending : '')) || '';
    const busy = Boolean(hint && (hint.busy || waiting || (asked && !hint.text)));
    hintButton.hidden = !hint || Boolean(S.pending);
    hintButton.disabled = busy;
    hintBox.hidden = !text || Boolean(S.pending) || S.hintClosed === hintKey + text;
    hintBox.textContent = text;
    hintBox.dataset.busy = busy ? 'true' : 'false';
    if (S.layout) S.layout();  // the sentence takes its room from the felt
  };
  if (hint) {
    hintButton.textContent = hint.label;
    if (hint.help) hintButton.title = hint.help;
  }
  drawHint();
  S.drawHint = drawHint;
  hintButton.onclick = (event) => {
    event.stopPropagation();
    if (S.pending || !hint || hint.busy) return;
    if (hint.text ? !hint.again : S.hintAsked === hintKey) return;
    const before = sentHere();
    if (before && !before.taken && !before.dropped) return;
    S.hintAsked = hintKey;
    const ask = { kind: 'hint', seq: data.seq, epoch: data.epoch };
    const mine = { key: hintKey, taken: false, dropped: false, tries: 0 };
    S.hintSent = mine;
    S.send(ask);
    const resend = () => {
      if (S.hintSent !== mine || mine.taken) return;
      if (mine.tries >= RESENDS) {  // never taken up: the button is offered again
        mine.dropped = true;
        if (S.hintAsked === mine.key) S.hintAsked = null;
        if (S.drawHint) S.drawHint();
        return;
      }
      mine.tries += 1;  // lost on the way (or a busy server): asking twice is asking once
      S.send(ask);
      setTimeout(resend, RESEND_MS);
    };
    setTimeout(resend, RESEND_MS);
    drawHint();
  };

  part('prompt-text').textContent = S.pending ? '' : (data.prompt || '');
  const notice = part('notice');
  notice.textContent = data.notice || '';

  const actions = part('actions');
  actions.replaceChildren(...(data.actions || []).map((action) => {
    const button = el('button', 'tt-action' + (action.primary ? ' primary' : ''), action.label);
    button.type = 'button';
    button.dataset.action = action.id;
    if (action.advice) button.dataset.advice = 'true';
    if (action.help) button.title = action.help;
    button.addEventListener('click', () => act({ kind: 'action', id: action.id }));
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
      node.addEventListener('click', () => act({ kind: 'take_back', card: code }));
      row.append(node);
    });
    ecart.append(row);
  }

  const hand = part('hand');
  hand.setAttribute('aria-label', data.labels.hand);
  const moved = S.pending && S.pending.move;  // the learner's card already in the trick
  const buttons = data.hand.filter((card) => !moved || card.card !== moved).map((card) => {
    const button = el('button', 'tt-card');
    button.type = 'button';
    button.dataset.card = card.card;
    button.dataset.playable = card.playable ? 'true' : 'false';
    if (card.chien) button.dataset.chien = 'true';
    button.setAttribute('aria-label', card.label);
    button.title = card.label;
    button.innerHTML = data.faces[card.card] || '';
    if (S.pending && S.pending.action.card === card.card) button.dataset.sent = 'true';
    button.addEventListener('click', () => {
      if (!data.hand_action) { finishAnimation(); return; }
      // a legal card is played on the table at once; any other is sent, and explained
      const move = data.hand_action === 'play' && card.legal ? card.card : null;
      act({ kind: data.hand_action, card: card.card }, move);
    });
    return button;
  });

  // --- the learner's clicks -----------------------------------------------------------------
  function finishAnimation() {
    if (S.finish) S.finish();
  }
  function act(action, move) {
    if (S.pending) return;  // one click per drawing: the next waits for the page's answer
    finishAnimation();
    // named once: a click sent again (below) is known for the same click by the page
    const click = Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
    const sent = { ...action, seq: data.seq, epoch: data.epoch, click };
    S.pending = { seq: data.seq, epoch: data.epoch, action: sent, move: move || null, tries: 0 };
    if (move) {
      const index = buttons.findIndex((b) => b.dataset.card === move);
      if (index >= 0) buttons.splice(index, 1)[0].remove();
      hand.__cards = null;  // laid out again without it
      layout();
      part('prompt-text').textContent = '';
      showFinal();
    } else {
      const button = buttons.find((b) => b.dataset.card === action.card);
      if (button) button.dataset.sent = 'true';
    }
    if (S.drawHint) S.drawHint();  // the hint was for the decision just made: gone
    S.send(sent);
    const pending = S.pending;
    const resend = () => {
      if (S.pending !== pending || pending.tries >= RESENDS) return;
      pending.tries += 1;  // lost on the way (or a busy server): the page ignores a repeat
      S.send(sent);
      setTimeout(resend, RESEND_MS);
    };
    setTimeout(resend, RESEND_MS);
  }
  S.act = act;

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
    let fh = felt.clientHeight || 300;
    // the trick's cards clear the seats: the top seats (up to four lines) and the sides
    const spots = Object.values(OFFSETS[data.players]);
    const up = Math.max(...spots.map(([, y]) => -y)) + 0.5;
    const down = Math.max(...spots.map(([, y]) => y)) + 0.5;
    // a felt too short for the smallest trick cards between the seats (a phone with the
    // coach's words and a hint open below it): the table grows, the page scrolls a little,
    // rather than a card covering a seat
    const short = 2 * Math.max(70 + MIN_CARD * 1.56 * up, 28 + MIN_CARD * 1.56 * down) - fh;
    if (felt.clientHeight && short > 0) {
      height += Math.ceil(short);
      root.style.setProperty('--tt-h', height + 'px');
      fh = felt.clientHeight || fh + short;
      // the cards to play stay in view: the page scrolls by what the table grew (the
      // page's title goes up), not the hand's last row below the fold
      if (hand.getBoundingClientRect().bottom > window.innerHeight) {
        hand.scrollIntoView({ block: 'end', behavior: 'instant' });
      }
    }
    const wide = Math.max(...spots.map(([x]) => Math.abs(x))) + 0.5;
    // and the side seats as wide as their names and roles make them (a phone's are wide)
    const sides = Array.from(felt.querySelectorAll(
      '.tt-seat[data-pos="left"], .tt-seat[data-pos="right"]'));
    const side = Math.max(78, ...sides.map((box) => box.offsetWidth + 10));
    const cw = Math.max(MIN_CARD, Math.min(88, (fh / 2 - 70) / (1.56 * up),
      (fh / 2 - 28) / (1.56 * down), (fw / 2 - side) / wide));
    root.style.setProperty('--cw', cw + 'px');
    // the chien (or the kings to call) between the side seats, in one row whatever the
    // window's height (never 5 + 1); in two even rows only where one would be unreadable
    const strip = data.strip || {};
    const shown = (strip.backs || 0) + (strip.cards || []).length;
    const room = fw - 2 * side;
    const across = shown > 1 && room / shown - 3 < 40 ? Math.ceil(shown / 2) : Math.max(shown, 1);
    const sw = Math.min(cw * 0.8, room / across - 3);
    root.style.setProperty('--sw', sw + 'px');
    root.style.setProperty('--strip-w', across * (sw + 3) + 'px');
    center.querySelectorAll('.tt-played').forEach((node) => {
      const [x, y] = offset(Number(node.dataset.seat));
      if (!node.classList.contains('flying')) node.style.transform = `translate(${x}px, ${y}px)`;
    });
    S.feltHeight = fh;
  }
  layout();
  if (!S.resize) {
    S.resize = () => S.layout && S.layout();
    window.addEventListener('resize', S.resize);
  }
  S.layout = layout;
  // The sizes on the felt come from its height when laid out; the hand's cards or the text
  // below may still be sizing then (a slow machine): laid out again once the felt settles, or
  // the chien drawn for a taller felt runs into the seat across.
  if (window.ResizeObserver && S.observed !== felt) {
    if (S.observer) S.observer.disconnect();
    S.observer = new ResizeObserver(() => {
      if (S.layout && Math.abs(felt.clientHeight - (S.feltHeight || 0)) > 1) S.layout();
    });
    S.observer.observe(felt);
    S.observed = felt;
  }

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
    else if (S.pending && S.pending.move) {
      const you = data.seats.findIndex((seat) => seat.key === 'you');
      setCenter([...data.trick, { seat: you, card: S.pending.move }], data.winner);
    } else setCenter(data.trick, data.winner);
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
  const fresh = !stale && anim.events.length > 0 && !S.played.has(anim.key);
  if (!fresh) {
    if (S.running && S.runRoot !== root) finishAnimation();  // drawn again elsewhere
    if (!S.running) showFinal();
    return undefined;
  }
  finishAnimation();  // the sequence before is played out at once (and logged), then this one
  S.played.add(anim.key);
  S.token += 1;
  const token = S.token;
  S.runRoot = root;
  S.showLast = false;
  const ms = reduced ? 0 : data.speed_ms;
  const live = () => S.token === token;
  const wait = (t) => new Promise((resolve) => {
    if (!live() || t <= 0) { resolve(); return; }
    const started = Date.now();
    const tick = () => {
      if (!live() || Date.now() - started >= t) resolve();
      else setTimeout(tick, 30);
    };
    setTimeout(tick, Math.min(t, 30));
  });
  // each event's lines in the log, written once (as it is seen, or all at once when the
  // animation is cut short)
  const logged = new Set();
  const noteOnce = (name, attrs) => {
    if (!logged.has(name)) { logged.add(name); note(attrs); }
  };
  const noteLanded = (i, e) => noteOnce(i + 'p', { deal: data.deal, trick: e.trick, seat: e.seat, card: e.card });
  const noteWon = (i, e) => noteOnce(i + 'w', { deal: data.deal, won: e.trick, seat: e.seat });
  const noteGone = (i, e) => noteOnce(i + 'g', { deal: data.deal, gathered: e.trick, seat: e.seat });
  const noteSaid = (i, e) => noteOnce(i + 'o', { deal: data.deal, event: e.kind, seat: e.seat });
  const noteAll = (i, e) => {
    if (e.kind === 'play') noteLanded(i, e);
    else if (e.kind === 'trick') { noteWon(i, e); noteGone(i, e); }
    else noteSaid(i, e);
  };
  let cursor = 0;
  const end = () => {
    S.running = null;
    S.finish = null;
    root.dataset.animating = 'false';
    S.showFinal(true);
  };
  S.finish = () => {
    if (!live()) return;
    S.token += 1;  // the loop stops at its next step
    anim.events.slice(cursor).forEach((e, i) => noteAll(cursor + i, e));
    end();
  };
  root.dataset.animating = 'true';
  const run = async () => {
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
    for (; cursor < anim.events.length; cursor += 1) {
      const i = cursor;
      const e = anim.events[i];
      const box = seatBox[e.seat];
      if (e.kind === 'play') {
        const node = placeCard(e.seat, e.card);
        part('strip').replaceChildren();
        // the learner's own card is where their click put it: it does not fly again
        const mine = data.seats[e.seat].key === 'you';
        if (ms > 0 && !mine) {
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
          if (!live()) return;
          node.classList.remove('flying');
        }
        node.dataset.landed = 'true';
        noteLanded(i, e);
        if (!mine) await wait(ms * 0.35);
      } else if (e.kind === 'trick') {
        const winner = center.querySelector(`.tt-played[data-seat="${e.seat}"]`);
        if (winner) winner.classList.add('win');
        box.dataset.winner = 'true';
        noteWon(i, e);
        await wait(ms > 0 ? ms * 3 + 300 : 0);
        if (!live()) return;
        if (ms > 0) {
          const c = center.getBoundingClientRect();
          const b = box.getBoundingClientRect();
          center.querySelectorAll('.tt-played').forEach((node) => {
            node.style.transform = `translate(${b.left + b.width / 2 - c.left}px, ${b.top + b.height / 2 - c.top}px) scale(0.4)`;
            node.classList.add('gone');
          });
          await wait(ms);
          if (!live()) return;
        }
        center.replaceChildren();
        box.dataset.winner = 'false';
        won[e.seat] += 1;
        showWon(e.seat);
        noteGone(i, e);
      } else {
        if (e.kind === 'bid') box.querySelector('.tt-bid').textContent = e.text;
        else part('msg').textContent = e.text;
        box.classList.remove('pulse');
        box.getBoundingClientRect();
        box.classList.add('pulse');
        noteSaid(i, e);
        await wait(e.kind === 'bid' ? ms * 1.6 : ms * 4);
        if (!live()) return;
        if (e.kind !== 'bid') part('msg').textContent = '';
      }
    }
  };
  S.running = run().finally(() => {
    if (live()) end();  // else cut short: finish() has drawn the end
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
    if (S.finish) { S.finish(); event.preventDefault(); }
    return;
  }
  if (event.key === 'n' && !event.shiftKey) {
    // n: the next deal, once this one is over; before that, a new game, which the page asks
    // about when a deal is in progress (Shift+N is the page's New game button)
    const next = (data.actions || []).some((a) => a.id === 'next');
    event.preventDefault();
    S.act({ kind: 'action', id: next ? 'next' : 'new' });
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

