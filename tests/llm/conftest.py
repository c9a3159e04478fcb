"""The `llm` tests need no database and no Django; the loopback fake OpenAI
server fixture (`fake_openai`) comes from tests/conftest.py."""
