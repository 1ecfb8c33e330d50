package lab.vthreads.pessoa.registration;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import java.util.Optional;

interface PessoaRepository extends JpaRepository<Pessoa, Long> {

    // One query for the person and their addresses, not one per address.
    @Query("select distinct p from Pessoa p left join fetch p.enderecos where p.id = :id")
    Optional<Pessoa> findWithEnderecosById(Long id);
}
