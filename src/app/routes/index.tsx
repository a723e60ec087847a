import { createFileRoute } from '@tanstack/react-router';
import { LobbyPage } from '../features/lobby/LobbyPage.tsx';

export const Route = createFileRoute('/')({ component: LobbyPage });
