/**
 * Starts Swagger UI on the API reference. A file of its own, not an inline script, so the page
 * runs under the server's Content-Security-Policy (`script-src 'self'`).
 */
window.addEventListener("load", () => {
  window.ui = window.SwaggerUIBundle({
    url: "/api/v4/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // The default validator is a third-party service; the page talks to this server only.
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  })
})
