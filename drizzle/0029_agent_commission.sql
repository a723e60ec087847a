SELECT 1; -- reserved for issue 19 (agent_commission); the owner replaces this
