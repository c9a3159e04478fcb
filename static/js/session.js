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
    var limit = parseInt(box.getAttribute("data-max-chars") || "2000", 10);
    var send = document.getElementById("send-button");
    var note = document.getElementById("composer-note");

    function waiting() {
      // The patient is answering while their reply is still streaming: the
      // server refuses a new message then, so the button says so beforehand.
      return !!document.querySelector('#transcript [data-speaker="patient"].turn-streaming');
    }

    function over() { return box.value.length - limit; }

    function refresh() {
      var excess = over();
      var busy = waiting();
      if (counter) {
        counter.textContent = box.value.length.toLocaleString() + " / " + limit.toLocaleString();
        counter.classList.toggle("over-limit", excess > 0);
      }
      if (note) {
        if (excess > 0) {
          note.textContent = "Your message is " + excess.toLocaleString() +
            " characters over the " + limit.toLocaleString() + "-character limit. Shorten it to send; nothing has been cut.";
        } else if (busy) {
          note.textContent = "The patient is answering. You can write now and send when they finish.";
        } else {
          note.textContent = "";
        }
        note.classList.toggle("over-limit", excess > 0);
      }
      if (send) {
        send.disabled = excess > 0 || busy;
        send.setAttribute("aria-disabled", send.disabled ? "true" : "false");
      }
      box.setAttribute("aria-invalid", excess > 0 ? "true" : "false");
    }
    var count = refresh;

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
      refresh();
    });
    document.body.addEventListener("htmx:afterSwap", scrollToEnd);

    document.body.addEventListener("htmx:afterSwap", refresh);
    document.body.addEventListener("htmx:oobAfterSwap", refresh);

    form.addEventListener("submit", function (evt) {
      if (over() > 0 || waiting()) { evt.preventDefault(); evt.stopImmediatePropagation(); refresh(); }
    }, true);

    box.addEventListener("keydown", function (evt) {
      // Enter sends; Shift+Enter keeps a new line (IME composition untouched).
      if (evt.key === "Enter" && !evt.shiftKey && !evt.isComposing) {
        evt.preventDefault();
        if (!box.value.trim() || over() > 0 || waiting()) { refresh(); return; }
        form.requestSubmit ? form.requestSubmit() : htmx.trigger(form, "submit");
      }
    });
    // The End confirmation says how many messages count so far (the page was
    // rendered before the chat went on).
    var endConfirm = document.getElementById("end-confirm");
    if (endConfirm) {
      endConfirm.addEventListener("toggle", function () {
        var warning = endConfirm.querySelector("[data-too-short-warning]");
        if (!warning || !endConfirm.open) { return; }
        var n = document.querySelectorAll('#transcript [data-speaker="trainee"][data-complete="true"]').length;
        var min = parseInt(warning.getAttribute("data-min-turns") || "4", 10);
        warning.querySelector("[data-trainee-count]").textContent = String(n);
        warning.hidden = n >= min;
      });
    }
    box.addEventListener("input", count);
    count();
    scrollToEnd();
    box.focus();
  }

  // Back or Forward to a page kept in the browser's cache would show a session
  // as it was (live, though it has ended since): read it again instead.
  window.addEventListener("pageshow", function (evt) {
    if (evt.persisted && document.getElementById("chat")) { window.location.reload(); }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
