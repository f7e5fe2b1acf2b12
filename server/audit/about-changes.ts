/** What an About content save changed: each text before and after, by its place ("hero.title", "cards[<id>].title"). */
import type { AboutContent } from '../../shared/about-content';
import type { FieldChange } from '../../shared/audit';

function flatten(content: AboutContent): Map<string, string> {
  const texts = new Map<string, string>();
  for (const section of ['hero', 'main', 'years'] as const) {
    for (const [name, value] of Object.entries(content[section])) texts.set(`${section}.${name}`, String(value));
  }
  for (const card of content.cards) {
    texts.set(`cards[${card.id}].title`, card.title);
    texts.set(`cards[${card.id}].description`, card.description);
  }
  return texts;
}

/** Only what differs; a card added or removed shows its texts on one side only. */
export function aboutChanges(before: AboutContent, after: AboutContent): Record<string, FieldChange> {
  const old = flatten(before);
  const now = flatten(after);
  const changes: Record<string, FieldChange> = {};
  for (const [place, value] of now) {
    if (!old.has(place)) changes[place] = { after: value };
    else if (old.get(place) !== value) changes[place] = { before: old.get(place), after: value };
  }
  for (const [place, value] of old) if (!now.has(place)) changes[place] = { before: value };
  return changes;
}
