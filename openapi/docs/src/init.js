// SPDX-License-Identifier: GPL-2.0-or-later
// Starts Swagger UI on the document served by the same server. Kept out of
// index.html because the page's Content-Security-Policy allows no inline
// script. validatorUrl: null keeps the page from calling an outside validator.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/public/v1/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    displayOperationId: true,
    defaultModelsExpandDepth: 0,
    filter: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
