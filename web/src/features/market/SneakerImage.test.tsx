import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../test/test-support.tsx';
import { SneakerImage } from './SneakerImage.tsx';

afterEach(cleanup);

const SOURCE = 'https://stockx.imgix.net/Air-Jordan-1-Retro-High-Product.jpg?w=700';

describe('a sneaker picture', () => {
  it('comes through our origin in the widths the layout needs, lazy, with its size reserved', () => {
    renderScreen(<SneakerImage src={SOURCE} name="Air Jordan 1" brand="Jordan" />);
    const img = screen.getByRole('img', { name: 'Air Jordan 1' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`/images?src=${encodeURIComponent(SOURCE)}&w=480`);
    expect(img.getAttribute('srcset')).toContain(`/images?src=${encodeURIComponent(SOURCE)}&w=160 160w`);
    expect(img.getAttribute('srcset')).toContain('&w=960 960w');
    expect(img.getAttribute('sizes')).toBe('(max-width: 640px) 50vw, 320px');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '480']);
  });

  it("shows the silhouette with the brand's initial when our origin answers the 1×1 placeholder", () => {
    renderScreen(<SneakerImage src={SOURCE} name="Air Jordan 1" brand="Jordan" />);
    const img = screen.getByRole('img', { name: 'Air Jordan 1' }) as HTMLImageElement;
    Object.defineProperty(img, 'naturalWidth', { value: 1 });
    fireEvent.load(img);
    const placeholder = screen.getByRole('img', { name: 'Air Jordan 1' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder.textContent).toBe('J');
  });

  it("loads the top of a page's picture at once, and shows a member's own photo as it is", () => {
    renderScreen(
      <>
        <SneakerImage src={SOURCE} name="Top" eager />
        <SneakerImage src="blob:http://localhost/1234" name="Your photo" />
      </>,
    );
    const top = screen.getByRole('img', { name: 'Top' });
    expect(top.getAttribute('loading')).toBe('eager');
    expect(top.getAttribute('fetchpriority')).toBe('high');
    const photo = screen.getByRole('img', { name: 'Your photo' }) as HTMLImageElement;
    Object.defineProperty(photo, 'naturalWidth', { value: 1 });
    fireEvent.load(photo);
    expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('blob:http://localhost/1234');
    expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('srcset')).toBeNull();
  });
});
