"""Card faces and Canasta melds as a player sees them.

A gallery of every game's cards is drawn into the built page with the page's own modules
(web/tables/cards.js, web/tables/melds.js) and stylesheets; the tests count what is drawn (pips, court
figures, indices) and measure it (colours, widths) the way the eye would. The last test plays
into a real Canasta meld on a 390 px phone.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from e2e.pagekit import LAND_CARDS, START_TIMEOUT_MS, settled

PLAYING = [f"{r}{s}" for s in "SHDC" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]] + [
    "JK"
]
ONO = ["0", "1", "6", "9", "10", "-10", "REV", "P2", "DP", "HOLD", "ONO"]
THREE_UP = ["R1", "B6", "G9", "R10", "BC", "GC+1", "GC+2"]

GALLERY = """async ({playing, ono, threeUp}) => {
  const cards = await import("./tables/cards.js");
  const box = document.createElement("div");
  box.id = "gallery";
  box.style.cssText = "display:flex;flex-wrap:wrap;gap:6px;padding:8px;position:absolute;inset:0;z-index:99;background:#0b3d2a;overflow:auto";
  const add = (draw, code) => {
    const b = document.createElement("span");
    b.className = "hand-card";
    b.setAttribute("role", "img");
    b.setAttribute("aria-label", code);
    draw(b, code);
    box.append(b);
  };
  for (const c of playing) add(cards.drawPlayingCard, c);
  for (const c of ono) add(cards.drawFace, c);
  for (const c of threeUp) add(cards.drawThreeUpCard, c);
  for (const c of ["7H", "10D", "JK", "QC"]) box.append(cards.miniPlayingCard(c));
  document.body.append(box);
}"""


def open_gallery(page: Page):
    page.goto("./")
    page.evaluate(GALLERY, {"playing": PLAYING, "ono": ONO, "threeUp": THREE_UP})


def card(page: Page, code: str):
    return page.locator(f"#gallery > .hand-card[data-card='{code}']")


def test_pips_follow_the_rank(page: Page):
    open_gallery(page)
    for suit, symbol in (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")):
        for n in range(2, 11):
            pips = card(page, f"{n}{suit}").locator(".pip")
            expect(pips).to_have_count(n)
            assert set(pips.evaluate_all("ps => ps.map(p => p.dataset.text)")) == {symbol}
        # Pips stay inside the card and never sit on one another.
        boxes = card(
            page, f"10{suit}"
        ).evaluate("""c => [c.getBoundingClientRect(),
            ...[...c.querySelectorAll('.pip')].map(p => p.getBoundingClientRect())].map(r => [r.left, r.top, r.right, r.bottom])""")
        (left, top, right, bottom), pips = boxes[0], boxes[1:]
        assert all(left <= p[0] and p[2] <= right and top <= p[1] and p[3] <= bottom for p in pips), boxes
        for i, p in enumerate(pips):
            for q in pips[i + 1 :]:
                assert p[2] <= q[0] + 1 or q[2] <= p[0] + 1 or p[3] <= q[1] + 1 or q[3] <= p[1] + 1, (p, q)
    # Lower-half pips are upside down, as on a real deck; an ace has one big pip.
    expect(card(page, "8C").locator(".pip.flip")).to_have_count(3)
    expect(card(page, "AS").locator(".pip")).to_have_count(0)
    expect(card(page, "AS").locator(".ace-pip")).to_have_attribute("data-text", "♠")


def test_court_cards_jokers_and_indices_are_distinct(page: Page):
    open_gallery(page)
    for rank in "JQK":
        face = card(page, f"{rank}H")
        expect(face.locator(".court svg.court-art")).to_have_count(1)
        expect(face.locator(".court-letter")).to_have_attribute("data-text", rank)
        expect(face.locator(".pip")).to_have_count(0)
    arts = {r: card(page, f"{r}S").locator(".court-art path").get_attribute("d") for r in "JQK"}
    assert len(set(arts.values())) == 3, arts
    joker = card(page, "JK")
    expect(joker.locator(".joker-art .word")).to_have_attribute("data-text", "Joker")
    expect(joker.locator(".court, .pip")).to_have_count(0)
    # Indices top-left and, turned round, bottom-right; 6 and 9 are underlined there.
    for code in ("6H", "9C"):
        idx = card(page, code).locator(".idx")
        expect(idx).to_have_count(2)
        assert idx.nth(1).evaluate("e => getComputedStyle(e).transform") != "none"
        assert all(
            d.startswith("underline")
            for d in idx.locator(".r").evaluate_all("rs => rs.map(r => getComputedStyle(r).textDecorationLine)")
        ), code
    assert card(page, "8C").locator(".idx .r").first.evaluate("r => getComputedStyle(r).textDecorationLine") == "none"
    for code in ("6", "9"):
        expect(card(page, code).locator(".turnable")).to_have_count(3)  # both corners and the sign
    # The other games' cards have their own style: a sign on an oval, not pips.
    for code in ONO + THREE_UP:
        face = card(page, code)
        expect(face.locator(".oval")).to_have_count(1)
        expect(face.locator(".pip, .court")).to_have_count(0)
    # The faces are decorative: the caller's name is the only name.
    assert page.locator("#gallery [aria-hidden=true]").count() > 0
    assert card(page, "QH").get_attribute("aria-label") == "QH"


def test_mini_cards_keep_rank_and_suit_readable(page: Page):
    open_gallery(page)
    for code, rank, suit in (("7H", "7", "♥"), ("10D", "10", "♦"), ("QC", "Q", "♣")):
        mini = page.locator(f"#gallery > .mini[data-card='{code}']")
        expect(mini).to_have_accessible_name(re.compile(r" of "))
        index = mini.locator(".idx.tl")
        expect(index.locator(".r")).to_have_attribute("data-text", rank)
        expect(index.locator(".s")).to_have_attribute("data-text", suit)
        # The whole index is inside the card: nothing clipped (the "A‹" seen before).
        fits = mini.evaluate("""m => { const c = m.getBoundingClientRect();
            return [...m.querySelectorAll('.idx.tl > *')].every(e => { const r = e.getBoundingClientRect();
              return r.width > 0 && r.left >= c.left && r.right <= c.right && r.top >= c.top && r.bottom <= c.bottom; }); }""")
        assert fits, code
        size = index.locator(".r").evaluate("r => parseFloat(getComputedStyle(r).fontSize)")
        assert size >= 11, (code, size)


def test_four_colour_deck_changes_diamonds_and_clubs(page: Page):
    open_gallery(page)
    colour = lambda code: card(page, code).evaluate("c => getComputedStyle(c).color")  # noqa: E731
    before = {c: colour(c) for c in ("AH", "AS", "AD", "AC")}
    assert before["AD"] == before["AH"] and before["AC"] == before["AS"]
    page.evaluate("async () => (await import('./app/settings.js')).setSetting('fourColour', true)")
    after = {c: colour(c) for c in ("AH", "AS", "AD", "AC")}
    assert after["AH"] == before["AH"] and after["AS"] == before["AS"]
    assert after["AD"] == "rgb(29, 91, 191)" and after["AC"] == "rgb(22, 112, 58)", after
    # Remembered on the device: a new page opens four-coloured.
    open_gallery(page)
    assert colour("AD") == after["AD"]


def test_card_size_setting_changes_card_width(page: Page):
    open_gallery(page)
    width = lambda: card(page, "7H").evaluate("c => c.getBoundingClientRect().width")  # noqa: E731
    mini = lambda: page.locator("#gallery > .mini").first.evaluate("c => c.getBoundingClientRect().width")  # noqa: E731
    widths = {}
    for size in ("small", "normal", "large"):
        page.evaluate("async (v) => (await import('./app/settings.js')).setSetting('cardSize', v)", size)
        widths[size] = (width(), mini())
    assert widths["small"][0] < widths["normal"][0] < widths["large"][0], widths
    assert widths["small"][1] < widths["normal"][1] < widths["large"][1], widths
    # The face grows with the card: the index is bigger on a large card.
    index = card(page, "7H").locator(".idx .r").first.evaluate("r => parseFloat(getComputedStyle(r).fontSize)")
    page.evaluate("async () => (await import('./app/settings.js')).setSetting('cardSize', 'small')")
    assert card(page, "7H").locator(".idx .r").first.evaluate("r => parseFloat(getComputedStyle(r).fontSize)") < index


def contrast_of(page: Page, locator) -> float:
    """WCAG contrast of an element's text colour against a solid background colour."""
    return locator.evaluate(
        """(e, bg) => {
      const parse = (s) => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
      const lum = (rgb) => { const [r, g, b] = rgb.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const a = lum(parse(getComputedStyle(e).color)), b = lum(parse(bg));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }""",
        locator.evaluate("e => getComputedStyle(e.closest('.card')).backgroundColor"),
    )


def test_unplayable_cards_keep_their_contrast_and_a_mark(page: Page):
    open_gallery(page)
    page.evaluate("() => document.getElementById('gallery').classList.add('hand-area', 'my-turn')")  # your turn
    for code in ("7H", "KS", "6", "9", "10", "R1", "B6", "G9"):
        face = card(page, code)
        face.evaluate("c => c.dataset.playable = 'false'")
        # Not faded: full opacity, and the text stays AA (4.5:1) on the greyed face.
        assert face.evaluate("c => getComputedStyle(c).opacity") == "1"
        assert contrast_of(page, face.locator(".idx").first) >= 4.5, code
        # Marked by a pattern, not only a colour.
        assert "repeating-linear-gradient" in face.evaluate("c => getComputedStyle(c, '::after').backgroundImage")
    for code in ("7H", "6", "R1"):
        assert (
            card(page, code).evaluate(
                "c => { c.dataset.playable = 'true'; return getComputedStyle(c, '::after').backgroundImage; }"
            )
            == "none"
        )
    # Not your turn: no card can be played, and none is marked as unplayable.
    page.evaluate("() => document.getElementById('gallery').classList.remove('my-turn')")
    face = card(page, "7H")
    assert (
        face.evaluate("c => { c.dataset.playable = 'false'; return getComputedStyle(c, '::after').backgroundImage; }")
        == "none"
    )


MELD = {
    "rank": "8",
    "cards": ["8H", "8H", "8S", "8D", "2C"],
    "naturals": 4,
    "wilds": 1,
    "count": 40,
    "canasta": None,
    "size": 5,
}
CANASTA = {
    "rank": "K",
    "cards": ["KH", "KH", "KS", "KS", "KD", "KC", "KC"],
    "naturals": 7,
    "wilds": 0,
    "count": 70,
    "canasta": "natural",
    "size": 7,
}
MIXED = {
    "rank": "10",
    "cards": ["10H", "10S", "10S", "10D", "10C", "2H", "JK"],
    "naturals": 5,
    "wilds": 2,
    "count": 110,
    "canasta": "mixed",
    "size": 7,
}


def draw_melds(page: Page, melds: list, width: int = 360):
    page.evaluate(
        """async ({melds, width}) => {
      const { meldList } = await import("./tables/melds.js");
      const box = document.createElement("section");
      box.id = "meld-box";
      box.className = "team";
      box.style.width = width + "px";
      box.append(meldList(melds, "North-South melds"));
      document.body.prepend(box);
    }""",
        {"melds": melds, "width": width},
    )


def test_a_meld_says_rank_count_wilds_and_canasta_state(page: Page):
    page.goto("./")
    draw_melds(page, [MELD, CANASTA, MIXED])
    melds = page.get_by_role("list", name="North-South melds").get_by_role("listitem")
    expect(melds).to_have_count(3)
    expect(melds.nth(0)).to_have_accessible_name("Meld of eights: 5 cards, 1 wild card, 40 points, not a canasta yet")
    expect(melds.nth(1)).to_have_accessible_name("Meld of kings: 7 cards, no wild cards, 70 points, natural canasta")
    expect(melds.nth(2)).to_have_accessible_name("Meld of tens: 7 cards, 2 wild cards, 110 points, mixed canasta")
    # An open meld: every card, fanned (wild ones on a golden face), and their count.
    expect(melds.nth(0).locator(".meld-cards")).to_be_visible()
    expect(melds.nth(0).locator(".mini")).to_have_count(5)
    expect(melds.nth(0).locator(".mini.wild")).to_have_count(1)
    assert melds.nth(0).evaluate("m => getComputedStyle(m, '::after').content") == '"5"'
    # A canasta: closed into one card that says its rank, its count and its wild cards, red for a
    # natural canasta and black for a mixed one.
    for item, words in zip(melds.all()[1:], (["K", "7"], ["10", "7", "★2"])):
        expect(item.locator(".meld-cards")).to_be_hidden()
        assert item.locator(".meld-tile").inner_text().split() == words
    colours = [m.locator(".meld-tile").evaluate("t => getComputedStyle(t).backgroundImage") for m in melds.all()[1:]]
    assert colours[0] != colours[1] and all("gradient" in c for c in colours), colours
    # No melds: a sentence, not an empty list.
    page.evaluate("() => document.getElementById('meld-box').remove()")
    draw_melds(page, [])
    expect(page.locator("#meld-box")).to_have_text("No melds yet")
    expect(page.locator("#meld-box [role=list], #meld-box ul")).to_have_count(0)


@pytest.mark.parametrize("size", ["normal", "large"])
def test_melds_fit_a_narrow_column(page: Page, size):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("./")
    page.evaluate("async (v) => (await import('./app/settings.js')).setSetting('cardSize', v)", size)
    big = {**MIXED, "cards": ["10H"] * 4 + ["10S"] * 4 + ["10D"] * 3 + ["2H", "2S", "JK"], "size": 14, "wilds": 3}
    draw_melds(page, [MELD, CANASTA, big], width=170)
    for el in [page.locator("#meld-box ul")] + page.locator("#meld-box li").all():
        assert el.evaluate("e => e.scrollWidth <= e.clientWidth"), el.evaluate(
            "e => [e.className, e.scrollWidth, e.clientWidth]"
        )


def test_real_melds_on_a_phone_do_not_overflow(page: Page):
    """A natural canasta of aces and a meld of kings, melded through the page at 390x844."""
    from e2e.test_canasta_page import SEATS, resume_stacked, select

    page.set_viewport_size({"width": 390, "height": 844})
    resume_stacked(page, SEATS, hands={0: "AH AH AS AS AD AD AC KH KH KS KS"})
    draw = page.get_by_role("button", name="Draw from the stock")
    expect(draw).to_be_visible(timeout=START_TIMEOUT_MS)
    settled(page)
    draw.click()
    settled(page)
    select(
        page,
        [
            "Ace of hearts",
            "Ace of hearts",
            "Ace of spades",
            "Ace of spades",
            "Ace of diamonds",
            "Ace of diamonds",
            "Ace of clubs",
        ],
    )
    page.get_by_role("button", name="Put aside as a meld").click()
    select(page, ["King of hearts", "King of hearts", "King of spades"])
    page.get_by_role("button", name=re.compile(r"^Meld all")).click()
    settled(page)
    ours = page.locator("section.team.ours")
    aces = ours.get_by_role("listitem", name=re.compile(r"^Meld of aces"))
    expect(aces).to_have_accessible_name("Meld of aces: 7 cards, no wild cards, 140 points, natural canasta")
    expect(aces).to_have_class(re.compile(r"\bnatural\b"))
    expect(aces.locator(".meld-tile")).to_be_visible()  # closed into one card
    kings = ours.get_by_role("listitem", name=re.compile(r"^Meld of kings: 3 cards, .*, not a canasta yet$"))
    expect(kings).to_have_class(re.compile(r"\bopen\b"))
    page.evaluate(f"() => {{ {LAND_CARDS} }}")  # measured where the cards rest, not mid-flight (scaled)
    area = ours.locator("ul.melds")
    assert area.evaluate("e => e.scrollWidth <= e.clientWidth"), area.evaluate("e => [e.scrollWidth, e.clientWidth]")
    for item in area.locator("li").all():
        assert item.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.screenshot(path="test-results/cards-canasta-melds-390.png", full_page=True)
