import { createContext, useContext, type ReactNode } from 'react';
import type { PosBridge } from '@shared/ipc/api';

const PosContext = createContext<PosBridge | null>(null);

export function PosProvider({ client, children }: { client: PosBridge; children: ReactNode }) {
  return <PosContext.Provider value={client}>{children}</PosContext.Provider>;
}

export function usePos(): PosBridge {
  const client = useContext(PosContext);
  if (!client) throw new Error('usePos outside PosProvider');
  return client;
}
