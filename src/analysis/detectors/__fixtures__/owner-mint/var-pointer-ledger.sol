pragma solidity ^0.4.24;

// A 0.4 token whose ledger is a struct member written through `var` storage pointers.
contract VarLedgerToken {
    struct Account {
        uint256 balance;
        uint256 since;
    }

    mapping(address => Account) accounts;
    uint256 public totalSupply;
    address public owner;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function VarLedgerToken() public {
        owner = msg.sender;
    }

    function balanceOf(address who) public constant returns (uint256) {
        return accounts[who].balance;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        var from = accounts[msg.sender];
        var dest = accounts[to];
        require(from.balance >= value);
        from.balance -= value;
        dest.balance += value;
        return true;
    }

    function grant(address to, uint256 value) public onlyOwner { // @expect owner-mint
        var acct = accounts[to];
        acct.balance += value;
        totalSupply += value;
    }

    // Look-alike: the owner stamps another member of the same struct; no balance changes.
    function touch(address who) public onlyOwner {
        var acct = accounts[who];
        acct.since = now;
    }
}
