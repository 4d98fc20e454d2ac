import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRequest, type Request } from './create-request.ts';
import { useRequest } from './use-request.ts';

function Status({ request, enabled }: { request: Request; enabled?: boolean }) {
  const { status, reload } = useRequest(request, { enabled });
  return (
    <button type="button" onClick={reload}>
      {status}
    </button>
  );
}

/** A call that answers when the test says so. */
function heldCall() {
  let release: (ok: boolean) => void = () => undefined;
  const call = vi.fn(() => new Promise<string>((resolve, reject) => (release = (ok) => (ok ? resolve('ok') : reject(new Error('E'))))));
  return { call, release: (ok: boolean) => act(async () => release(ok)) };
}

describe('a component that asks for a request', () => {
  it('shows loading from its first render until its own call has answered, not an older result', async () => {
    const { call, release } = heldCall();
    const request = createRequest({ call });
    const first = request.run();
    await release(true);
    await first;
    expect(request.snapshot().status).toBe('loaded');

    const statuses: string[] = [];
    function Recording() {
      const { status } = useRequest(request);
      statuses.push(status);
      return null;
    }
    render(<Recording />);
    expect(call).toHaveBeenCalledTimes(2);
    await release(false);

    expect(statuses[0]).toBe('loading');
    expect(statuses.at(-1)).toBe('failed');
    expect(statuses).not.toContain('loaded');
  });

  it('two components asking at once share one call', async () => {
    const { call, release } = heldCall();
    const request = createRequest({ call });
    render(
      <>
        <Status request={request} />
        <Status request={request} />
      </>,
    );
    await release(true);
    expect(call).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button', { name: 'loaded' })).toHaveLength(2);
  });

  it('a disabled view does not call; once enabled it does', async () => {
    const { call, release } = heldCall();
    const request = createRequest({ call });
    const { rerender } = render(<Status request={request} enabled={false} />);
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByRole('button')).toHaveTextContent('idle');

    rerender(<Status request={request} enabled />);
    expect(screen.getByRole('button')).toHaveTextContent('loading');
    await release(true);
    expect(screen.getByRole('button')).toHaveTextContent('loaded');
  });

  it('a reload after a failure calls again and shows loading meanwhile', async () => {
    const { call, release } = heldCall();
    const request = createRequest({ call });
    render(<Status request={request} />);
    await release(false);
    expect(screen.getByRole('button')).toHaveTextContent('failed');

    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('loading');
    await release(true);
    expect(call).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button')).toHaveTextContent('loaded');
  });
});
