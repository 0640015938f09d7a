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
  // report-export
  "count.report.one": str`${0} reporte`,
  "count.report.other": str`${0} reportes`,
  "reportExport.exportedForExcel": str`Exportación completa: ${0} en formato ${1} para Excel.`,
  "reportExport.exported": str`Exportación completa: ${0} en formato ${1}.`,
  "reportExport.waiting": "Esperando a que comience la exportación…",
  "reportExport.written": str`${0} de ${1} escritos…`,
  "reportExport.progress": "Progreso de la exportación",
  "reportExport.mayLeave":
    "Puede salir de esta página: la exportación continúa y aparecerá en Exportaciones anteriores.",
  "reportExport.download": str`Descargar ${0}`,
  "reportExport.form": "Exportar reportes",
  "reportExport.format": "Formato",
  "reportExport.forExcel": "Para Excel",
  "reportExport.export": "Exportar",
  "reportExport.past": "Exportaciones anteriores",
  // report-exports
  "reportExports.waiting": "En espera",
  "reportExports.running": "En curso",
  "reportExports.runningOf": str`En curso: ${0} de ${1}`,
  "reportExports.done": str`Lista: ${0}`,
  "reportExports.failedReason": "la exportación falló",
  "reportExports.failed": str`Falló: ${0}`,
  "reportExports.loading": "Cargando…",
  "reportExports.none": "No hay exportaciones",
  "reportExports.range": str`Exportaciones ${0}–${1}`,
  "reportExports.rangeOf": str`Exportaciones ${0}–${1} de ${2}`,
  "reportExports.newer": "Más recientes",
  "reportExports.older": "Más antiguas",
  "reportExports.refresh": "Actualizar",
  "reportExports.intro":
    "Sus exportaciones de las últimas 24 horas: cada una se elimina, junto con su archivo, un día después de iniciarse. Exporte reportes desde la página Reportes (fíltrelos, elija un formato y pulse Exportar).",
  "reportExports.empty": "No tiene exportaciones de las últimas 24 horas.",
  "reportExports.started": "Inicio",
  "reportExports.state": "Estado",
  "reportExports.file": "Archivo",
  "reportExports.keptUntil": "Se conserva hasta",
  // notification-list
  "notificationList.archived": "Notificaciones archivadas",
  "notificationList.title": str`Notificaciones (${0} sin leer)`,
  "notificationList.showCurrent": "Ver actuales",
  "notificationList.showArchived": "Ver archivadas",
  "notificationList.none": "No hay notificaciones.",
  "notificationList.list": "Notificaciones",
  "notificationList.unread": "Sin leer:",
  "notificationList.report": str`Reporte n.º ${0}`,
  "notificationList.open": "Abrir",
  "notificationList.openWhat": str`reporte ${0}`,
  "notificationList.unarchive": "Desarchivar",
  "notificationList.archive": "Archivar",
  "notificationList.about": str`notificación del reporte ${0}`,
  "notificationList.delete": "Eliminar",
}
