// Practice chat behaviour that htmx attributes cannot express:
// a fresh client id per message (idempotent resends), Enter to send,
// clearing the box once sent, and re-reading the transcript after a reconnect.
(function () {
  "use strict";

  function newId() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function scrollToEnd() {
    var t = document.getElementById("transcript");
    if (t) { t.scrollTop = t.scrollHeight; }
  }

  function setup() {
    var chat = document.getElementById("chat");
    if (!chat) { return; }
    var form = document.getElementById("chat-form");
    var box = document.getElementById("message");
    var counter = document.getElementById("char-count");
    var status = document.getElementById("connection-status");
    var opened = false;
    var limit = parseInt(box.getAttribute("maxlength") || "2000", 10);

    function count() {
      if (counter) { counter.textContent = box.value.length + " / " + limit; }
    }

    chat.addEventListener("htmx:wsConfigSend", function (evt) {
      var params = evt.detail.parameters;
      if (params.action === "retry") { return; }
      params.client_id = newId();
    });
    chat.addEventListener("htmx:wsAfterSend", function (evt) {
      if (evt.target === form) { box.value = ""; count(); }
    });
    chat.addEventListener("htmx:wsOpen", function () {
      chat.dataset.connected = "true";
      if (status) { status.textContent = "Connected"; }
      if (opened) {
        // Delivery over the socket is at most once: after a reconnect the page
        // reads the transcript again from the server.
        htmx.ajax("GET", chat.dataset.transcriptUrl, { target: "#transcript", swap: "outerHTML" });
      }
      opened = true;
    });
    chat.addEventListener("htmx:wsClose", function () {
      chat.dataset.connected = "false";
      if (status) { status.textContent = "Reconnecting…"; }
    });
    chat.addEventListener("htmx:wsAfterMessage", function () {
      // A rejected message comes back in the error frame: put it back in the
      // box so nothing the trainee typed is lost.
      var err = document.getElementById("chat-error");
      if (err && err.hasAttribute("data-restore")) {
        if (!box.value) { box.value = err.getAttribute("data-restore"); count(); }
        err.removeAttribute("data-restore");
      }
      scrollToEnd();
    });
    document.body.addEventListener("htmx:afterSwap", scrollToEnd);

    box.addEventListener("keydown", function (evt) {
      // Enter sends; Shift+Enter keeps a new line (IME composition untouched).
      if (evt.key === "Enter" && !evt.shiftKey && !evt.isComposing) {
        evt.preventDefault();
        if (box.value.trim()) { form.requestSubmit ? form.requestSubmit() : htmx.trigger(form, "submit"); }
      }
    });
    box.addEventListener("input", count);
    count();
    scrollToEnd();
    box.focus();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
