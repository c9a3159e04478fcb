"""The only seam to LLM vendors. Pure: no Django anywhere in this package.

- `llm.types`: Message, Usage, Completion, Delta, Structured, Timeouts, ChatModel
- `llm.errors`: LLMError and its subclasses (never a vendor exception)
- `llm.openai_client`: OpenAIChatModel, on any OpenAI-compatible endpoint
- `llm.fake`: FakeLLM, deterministic and offline
- `llm.settings`: LLMConfig and build_chat_model(config, role)

Nothing is imported here, so `import llm.errors` does not load the openai SDK.
"""

from __future__ import annotations
