import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { bootstrap } from './app/bootstrap.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import './styles/global.css';

const i18n = await bootstrap();
const router = createHashRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers i18n={i18n} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
