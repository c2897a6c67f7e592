import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { ScrollOnNavigate } from '../../../src/app/shell/ScrollOnNavigate.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A new page opens at its top (issue 23 §6: the success page opened 158 px down, where the form had been). */
describe('ScrollOnNavigate', () => {
  it('scrolls to the top on a push or replace to another path; not on back/forward, nor to an anchor', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    let navigate: ReturnType<typeof useNavigate> = () => undefined;
    function Page() {
      navigate = useNavigate();
      return <ScrollOnNavigate />;
    }
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/loan-request'] });
    await act(async () => render(<RouterProvider router={router} />));
    scrollTo.mockClear();

    await act(async () => navigate('/loan-request/success'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();

    await act(async () => navigate('/dashboard', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    scrollTo.mockClear();

    await act(async () => navigate(-1));
    expect(scrollTo).not.toHaveBeenCalled();

    await act(async () => navigate('/#llamame'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
