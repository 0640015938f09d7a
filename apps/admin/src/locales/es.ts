/**
 * The admin UI in Spanish (neutral Latin American): each message's translation by its id. Loaded
 * the first time Spanish is shown (see `shared/localization.ts`); `${0}`, `${1}`… stand for the
 * English message's expressions, in their order there.
 */
import type { TemplateMap } from "@lit/localize"
import { str } from "@lit/localize"

export const templates: TemplateMap = {
  // shared
  "exportFormats.xlsx": "Libro de Excel (XLSX)",
  "shell.viewNotLoaded": str`No se pudo cargar esta vista (${0}). Vuelva a cargar la página para intentarlo de nuevo.`,
  "shell.loading": "Cargando…",
  // views
  "view.alerts": "Alertas",
  "view.analytics": "Análisis",
  "view.apiTokens": "Tokens de API",
  "view.appAdministrators": "Administradores de la app",
  "view.auditLog": "Registro de auditoría",
  "view.channelSettings": "Configuración de canales",
  "view.exports.mine": "Mis exportaciones",
  "view.exports.gis": "Usar en un SIG",
  "view.exports": "Exportaciones",
  "view.newReport": "Nuevo reporte",
  "view.reports": "Reportes",
  "view.shapes": "Formas",
  "view.tasks": "Tareas",
  "view.team.users": "Usuarios del equipo",
  "view.team.addUsers": "Agregar usuarios a canales",
  "view.team.channelSelections": "Mis selecciones de canales",
  "view.team": "Equipo",
}
