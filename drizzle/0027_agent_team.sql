SELECT 1; -- reserved for issue 19 (agent_team); the owner replaces this
