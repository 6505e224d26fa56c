import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { spyPerTest } from '../../tests/http-fakes.ts';
import * as navigation from '../navigation.ts';
import { ApplySuccessPage } from './apply.tsx';
import { InvestSuccessPage } from './invest.tsx';

spyPerTest(navigation, 'navigate');

describe('success pages', () => {
  it('given ?id=, then /apply-spartan-success shows it in the disabled gold box, the 5 days, both buttons and the counter', async () => {
    history.replaceState(
      null,
      '',
      '/apply-spartan-success?id=3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b',
    );
    const { container } = render(<ApplySuccessPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thank you');
    expect(screen.getByText(/being processed.*5 business days/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'Application ID Number 3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b',
      }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Spartan Employee Benefits' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Our Purpose' })).toHaveAttribute(
      'href',
      '/our-purpose',
    );
    expect(
      screen.getByRole('group', { name: 'The Private Spartan Wealth Fund' }),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('given an id not of the issued form, then the box shows a dash', () => {
    history.replaceState(null, '', '/apply-spartan-success?id=%3Cb%3EHello%3C%2Fb%3E');
    render(<ApplySuccessPage />);
    expect(screen.getByRole('button', { name: 'Application ID Number -' })).toBeDisabled();
  });

  it('when Spartan Employee Benefits is pressed, then a polite status says Coming soon', async () => {
    history.replaceState(null, '', '/apply-spartan-success');
    render(<ApplySuccessPage />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    screen.getByRole('button', { name: 'Spartan Employee Benefits' }).click();
    await expect.poll(() => screen.getByRole('status').textContent).toBe('Coming soon');
  });

  it('given no id, then the box shows a dash', () => {
    history.replaceState(null, '', '/apply-spartan-success');
    render(<ApplySuccessPage />);
    expect(screen.getByRole('button', { name: 'Application ID Number -' })).toBeDisabled();
  });

  it('/success-invest: team will reach out shortly, Investor ID Number, Spartan Investor Benefits and Our Purpose', async () => {
    history.replaceState(null, '', '/success-invest?id=7d1e2f3a-4b5c-4d6e-9f70-8192a3b4c5d6');
    const { container } = render(<InvestSuccessPage />);
    expect(screen.getByText(/reach out to you shortly/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'Investor ID Number 7d1e2f3a-4b5c-4d6e-9f70-8192a3b4c5d6',
      }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Spartan Investor Benefits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Our Purpose' })).toHaveAttribute(
      'href',
      '/our-purpose',
    );
    await expectNoAxeViolations(container);
  });
});
