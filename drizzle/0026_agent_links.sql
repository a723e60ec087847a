SELECT 1; -- reserved for issue 19 (agent_links); the owner replaces this
