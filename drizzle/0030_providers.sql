SELECT 1; -- reserved for issue 20 (third-party providers); the owner replaces this
