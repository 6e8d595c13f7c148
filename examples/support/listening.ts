import { connect } from 'node:net';

/** Whether something accepts connections at `url`'s port on 127.0.0.1 (the CI recipes' tests). */
export const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
