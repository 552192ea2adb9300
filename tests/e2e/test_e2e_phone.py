"""On a phone (390x844, touch, mobile viewport): the match score, the trump's suit named in
words and the face-up trump are in view during a hand without scrolling, and the chat is a
tap away. At desktop size: muted text and badges meet WCAG AA (4.5:1) on the felt, and the
move clock has an accessible label."""

from __future__ import annotations

import re

import pytest
from browser_helpers import (
    PHONE,
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hook,
    my_seat,
    ready,
)
from playwright.async_api import Locator, Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}

# WCAG 2.x contrast ratio of an element's text against its background, the background's
# transparent layers laid over the felt colour (the CSS variable --felt).
CONTRAST = """el => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const felt = getComputedStyle(document.documentElement).getPropertyValue("--felt").trim();
  const hex = felt.replace("#", "");
  let under = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const layers = [];
  for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
    const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
    if (a > 0) layers.push([r, g, b, a]);
    if (a >= 1 || node.classList.contains("felt")) break;
  }
  for (const [r, g, b, a] of layers.reverse()) {
    under = [r, g, b].map((c, i) => c * a + under[i] * (1 - a));
  }
  const [fr, fg, fb, fa = 1] = rgb(getComputedStyle(el).color);
  const text = [fr, fg, fb].map((c, i) => c * fa + under[i] * (1 - fa));
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(text), lum(under)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


async def start_hand(page: Page, base_url: str, name: str) -> None:
    await create_table(page, base_url, player="Ana", name=name, players=2)
    await add_bots(page, [1])
    await ready(page)
    await expect(hook(page, "face-up")).to_be_visible()


async def in_viewport(page: Page, locator: Locator) -> bool:
    box = await locator.bounding_box()
    assert box is not None
    view = page.viewport_size
    assert view is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= view["width"]
        and box["y"] + box["height"] <= view["height"]
    )


async def test_on_a_phone_the_score_the_trump_and_the_face_up_card_are_in_view(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page(**PHONE_CONTEXT)
    await start_hand(page, server.url, "Phone")
    await expect(enabled_cards(page).first).to_be_visible()
    assert await page.evaluate("window.scrollY") == 0

    score = hook(page, "match-score")
    await expect(score).to_be_visible()
    assert await in_viewport(page, score)

    trump = hook(page, "trump")
    suit = await trump.get_attribute("data-suit")
    assert suit
    names = ("cups", "coins", "clubs", "swords", "hearts", "diamonds", "spades")
    label = (await trump.inner_text()).strip().lower()
    assert label, "the trump's suit is named in words"
    assert any(word in label for word in names), label
    assert await in_viewport(page, trump)

    face_up = hook(page, "face-up")
    assert await in_viewport(page, face_up)
    # Not hidden under the stock: its centre and most of its area are its own.
    covered = await face_up.evaluate(
        """card => {
          const r = card.getBoundingClientRect();
          let mine = 0, all = 0;
          for (const fx of [0.2, 0.35, 0.5, 0.65, 0.8]) {
            for (const fy of [0.2, 0.35, 0.5, 0.65, 0.8]) {
              const el = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
              all += 1;
              if (el && card.contains(el)) mine += 1;
            }
          }
          const mid = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {centre: !!mid && card.contains(mid), share: mine / all};
        }"""
    )
    assert covered["centre"], covered
    assert covered["share"] >= 0.75, covered

    # The chat lies below the felt, a tap away.
    jump = hook(page, "chat-jump")
    await expect(jump).to_be_visible()
    assert await in_viewport(page, jump)
    await jump.tap()
    chat = hook(page, "chat")
    await expect(chat).to_be_in_viewport()
    await expect(hook(page, "chat-log")).to_be_in_viewport()


async def test_muted_text_and_badges_meet_aa_and_the_clock_is_labelled(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    await start_hand(page, server.url, "Contrast")
    seat = await my_seat(page)
    await expect(enabled_cards(page).first).to_be_visible()

    # Muted text: its colour against the felt colour.
    muted = await page.evaluate(
        """() => {
          const probe = document.createElement("span");
          probe.style.color = "var(--muted)";
          document.querySelector(".felt").append(probe);
          const color = getComputedStyle(probe).color;
          probe.remove();
          return color;
        }"""
    )
    ratio = await hook(page, "table").evaluate(
        f"""(felt, muted) => {{
          const el = document.createElement("span");
          el.style.color = muted;
          el.style.background = "transparent";
          felt.append(el);
          const ratio = ({CONTRAST})(el);
          el.remove();
          return ratio;
        }}""",
        muted,
    )
    assert ratio >= 4.5, f"muted text {muted}: {ratio:.2f}:1"
    labels = page.locator(".board-label, .taken-chip, .trump-label")
    for ratio in await labels.evaluate_all(f"els => els.map({CONTRAST})"):
        assert ratio >= 4.5, ratio

    badges = page.locator(".badge")
    assert await badges.count() >= 3
    ratios = await badges.evaluate_all(
        f"els => els.map(el => [el.dataset.testid, ({CONTRAST})(el)])"
    )
    for name, ratio in ratios:
        assert ratio >= 4.5, f"badge {name}: {ratio:.2f}:1"

    clock = hook(page, f"clock-{seat}")
    await expect(clock).to_be_visible()
    await expect(clock).to_have_attribute("aria-label", re.compile(r"^Ana.*\b\d+ seconds"))
