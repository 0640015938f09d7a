/**
 * The admin UI in Spanish (neutral Latin American): each message's translation by its id. Loaded
 * the first time Spanish is shown (see `shared/localization.ts`); `${0}`, `${1}`… stand for the
 * English message's expressions, in their order there.
 */
import type { TemplateMap } from "@lit/localize"

export const templates: TemplateMap = {}
