SELECT 1; -- reserved for issue 19 (agent_reports); the owner replaces this
