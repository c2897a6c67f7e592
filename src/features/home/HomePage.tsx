import { useSession } from '../../lib/session/session.ts';
import { ApplyNow } from './components/ApplyNow.tsx';
import { HeroSection } from './components/HeroSection.tsx';
import { HowItWorks } from './components/HowItWorks.tsx';
import { LoanCalculator } from './components/LoanCalculator.tsx';
import { Requirements } from './components/Requirements.tsx';
import { heroVariant } from './hero-variant.ts';
import './home.css';

/**
 * The home page (route `home`, first document §2): the hero, the calculator with 'Solicita YA' (phone form for new
 * visitors), 'Cómo funciona' and the requirements. It ships in the first load, so it stays light: native form
 * controls, and everything heavier (the phone validation, the agreement modal) loads when it is needed.
 */
export default function HomePage() {
  const { status, hasActiveLoan } = useSession();
  return (
    <div className="page page-home">
      <div className="home-top">
        <HeroSection variant={heroVariant(status, hasActiveLoan)} />
        <LoanCalculator>
          <ApplyNow />
        </LoanCalculator>
      </div>
      <HowItWorks />
      <Requirements />
    </div>
  );
}
